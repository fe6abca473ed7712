/** Small, stable building blocks the modules share: ids, the response envelope, error codes, validation, paging, jobs, retention periods. */
@org.springframework.modulith.ApplicationModule(type = org.springframework.modulith.ApplicationModule.Type.OPEN)
@org.jspecify.annotations.NullMarked
package com.walletcards.shared;
