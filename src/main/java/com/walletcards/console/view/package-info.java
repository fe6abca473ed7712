/**
 * What the console's templates read: public records, since the template language calls only
 * public methods, in a package of their own so that the module shows no more API for them.
 */
@org.jspecify.annotations.NullMarked
package com.walletcards.console.view;
