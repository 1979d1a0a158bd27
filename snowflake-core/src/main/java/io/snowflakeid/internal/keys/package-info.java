/**
 * The key of every {@code snowflake.*} setting as a constant, for the library's own messages and bindings: a package
 * that depends on nothing, so that every package can name a key. Not an API: applications write the keys as text.
 */
package io.snowflakeid.internal.keys;
