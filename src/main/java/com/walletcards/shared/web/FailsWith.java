package com.walletcards.shared.web;

import com.walletcards.shared.ErrorCode;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The error codes an endpoint can answer with beyond those every endpoint of its kind has (bad
 * input, credentials, scope, not found, rate limit). The API reference lists them per operation.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface FailsWith {
    ErrorCode[] value();
}
