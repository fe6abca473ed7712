/** Small, stable building blocks every module uses: ids, the response envelope, error codes, paging. */
@org.springframework.modulith.ApplicationModule(type = org.springframework.modulith.ApplicationModule.Type.OPEN)
@org.jspecify.annotations.NullMarked
package com.walletcards.shared;
