/**
 * The route of the library's log lines to the application's logging, set by the Hibernate binding and the Spring
 * Boot starter. Public for those modules only; not an API: it may change in any release.
 */
package io.snowflakeid.internal.logging;
