#!/usr/bin/env python3
"""Checks the links of every tracked Markdown file; exits 1 on any broken or escaping link.

For each [text](target) and <target> autolink (outside code blocks and inline code):
- http(s) and mailto links are allowed and not fetched;
- any other scheme, an absolute filesystem path, or a relative path that leaves the repository
  (../ past its root) fails: documentation may only point at the project's own files;
- a relative path must name a tracked file or directory of the repository;
- a #anchor into a Markdown file must match one of its headings, slugged the way GitHub slugs
  them (lower case, punctuation dropped, spaces to hyphens, repeats numbered -1, -2 …).

Standard library only. Usage: python3 scripts/check-links.py
"""
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parent.parent
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
AUTOLINK = re.compile(r"<((?:https?|mailto|file|ftp):[^>\s]+)>")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"")


def tracked():
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return {Path(p) for p in out.decode().split("\0") if p}


def slug(heading, seen):
    """GitHub's anchor for a heading text."""
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link's text only
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    text = text.replace(" ", "-")
    count = seen.get(text, 0)
    seen[text] = count + 1
    return text if count == 0 else f"{text}-{count}"


def prose_lines(text, keep_code=False):
    """(line number, line) outside fenced code blocks, with inline code blanked out unless kept."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if m:
            fence = None if fence == m.group(1) else (fence or m.group(1))
            continue
        if fence is None:
            yield number, line if keep_code else INLINE_CODE.sub("", line)


def anchors(path, cache={}):
    if path not in cache:
        seen, found = {}, set()
        # A heading's inline code is part of its anchor on GitHub ("`stats`" gives "stats").
        for _, line in prose_lines(path.read_text(encoding="utf-8"), keep_code=True):
            m = re.match(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$", line)
            if m:
                found.add(slug(m.group(2), seen))
            found.update(HTML_ANCHOR.findall(line))
        cache[path] = found
    return cache[path]


def check(source, target, files, directories):
    """The problem with a link, or None."""
    if re.match(r"^(https?|mailto):", target, re.I):
        return None
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
        return "links with this scheme leave the repository"
    path_part, _, anchor = target.partition("#")
    path_part = unquote(path_part)
    if path_part.startswith("/") or path_part.startswith("~"):
        return "absolute paths leave the repository"
    resolved = (source.parent / path_part) if path_part else source
    resolved = Path(*resolve_dots(resolved.parts))
    if resolved.parts and resolved.parts[0] == "..":
        return "the path leaves the repository"
    if path_part and resolved not in files and resolved not in directories:
        return f"{resolved} is not a file of the repository"
    if anchor and resolved.suffix == ".md" and resolved in files:
        if unquote(anchor).lower() not in anchors(ROOT / resolved):
            return f"{resolved} has no heading #{anchor}"
    return None


def resolve_dots(parts):
    out = []
    for part in parts:
        if part in ("", "."):
            continue
        if part == "..":
            if out and out[-1] != "..":
                out.pop()
            else:
                out.append("..")
        else:
            out.append(part)
    return out


def main():
    files = tracked()
    directories = {parent for f in files for parent in f.parents if parent != Path(".")}
    problems, links = [], 0
    for source in sorted(f for f in files if f.suffix == ".md"):
        for number, line in prose_lines((ROOT / source).read_text(encoding="utf-8")):
            targets = INLINE_LINK.findall(line) + AUTOLINK.findall(line)
            m = REFERENCE_DEF.match(line)
            if m:
                targets.append(m.group(1))
            for target in targets:
                links += 1
                problem = check(source, target, files, directories)
                if problem:
                    problems.append(f"{source}:{number}: {target}: {problem}")
    for problem in problems:
        print(problem)
    print(f"{links} links checked in Markdown files, {len(problems)} broken")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
