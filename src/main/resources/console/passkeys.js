// Passkeys in the console: adds one on /console/passkeys and signs in with one on the sign-in
// page, against the service's own endpoints (after Spring Security's WebAuthn script). Without
// JavaScript or WebAuthn the buttons stay hidden and password sign-in works as before.
"use strict";
(() => {
  const b64 = {
    encode(buffer) {
      return btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/=/g, "").replace(/\+/g, "-").replace(/\//g, "_");
    },
    decode(text) {
      const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
      return Uint8Array.from(bin, (c) => c.charCodeAt(0)).buffer;
    },
  };

  function csrfHeaders() {
    const token = document.querySelector("input[name=_csrf]");
    return token ? { "X-CSRF-TOKEN": token.value } : {};
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", ...csrfHeaders() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      const error = new Error("HTTP " + response.status);
      error.retryAfter = response.status === 429 ? response.headers.get("Retry-After") : null;
      throw error;
    }
    return response.json();
  }

  async function register(label) {
    const options = await post("/console/passkeys/register/options");
    const created = await navigator.credentials.create({
      publicKey: {
        ...options,
        user: { ...options.user, id: b64.decode(options.user.id) },
        challenge: b64.decode(options.challenge),
        excludeCredentials: (options.excludeCredentials || []).map((c) => ({ ...c, id: b64.decode(c.id) })),
      },
    });
    const r = created.response;
    const answer = await post("/console/passkeys/register", {
      publicKey: {
        label,
        credential: {
          id: created.id,
          rawId: b64.encode(created.rawId),
          response: {
            attestationObject: b64.encode(r.attestationObject),
            clientDataJSON: b64.encode(r.clientDataJSON),
            transports: r.getTransports ? r.getTransports() : [],
          },
          type: created.type,
          clientExtensionResults: created.getClientExtensionResults(),
          authenticatorAttachment: created.authenticatorAttachment,
        },
      },
    });
    if (!answer.success) {
      throw new Error("not registered");
    }
  }

  async function signIn() {
    const options = await post("/console/passkeys/sign-in/options");
    const got = await navigator.credentials.get({
      publicKey: {
        ...options,
        challenge: b64.decode(options.challenge),
        allowCredentials: (options.allowCredentials || []).map((c) => ({ ...c, id: b64.decode(c.id) })),
      },
    });
    const r = got.response;
    const answer = await post("/console/passkeys/sign-in", {
      id: got.id,
      rawId: b64.encode(got.rawId),
      response: {
        authenticatorData: b64.encode(r.authenticatorData),
        clientDataJSON: b64.encode(r.clientDataJSON),
        signature: b64.encode(r.signature),
        userHandle: r.userHandle ? b64.encode(r.userHandle) : undefined,
      },
      type: got.type,
      clientExtensionResults: got.getClientExtensionResults(),
      authenticatorAttachment: got.authenticatorAttachment,
    });
    return answer.redirectUrl;
  }

  function show(id) {
    const element = document.getElementById(id);
    if (element) {
      // An alert only once there is something to say: a hidden alert is still an alert to
      // anything that looks for one on the page.
      element.setAttribute("role", "alert");
      element.hidden = false;
      element.focus();
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (!window.PublicKeyCredential) {
      return;
    }
    const addForm = document.getElementById("passkey-add");
    if (addForm) {
      addForm.hidden = false;
      addForm.addEventListener("submit", async (event) => {
        event.preventDefault();
        try {
          await register(document.getElementById("passkey-label").value);
          window.location.href = "/console/passkeys?added";
        } catch (err) {
          console.error(err);
          show("passkey-failed");
        }
      });
    }
    const signInButton = document.getElementById("passkey-sign-in");
    if (signInButton) {
      signInButton.hidden = false;
      signInButton.addEventListener("click", async () => {
        try {
          window.location.href = await signIn();
        } catch (err) {
          console.error(err);
          const throttled = document.getElementById("passkey-throttled");
          if (err.retryAfter && throttled) {
            // Too many failed attempts from here: say how long to wait, as the password form does.
            throttled.textContent = throttled.dataset.template.replace("{0}", err.retryAfter);
            show("passkey-throttled");
          } else {
            show("passkey-failed");
          }
        }
      });
    }
  });
})();
