/**
 * Worker leases in Redis, chosen by settings ({@code snowflake.worker-assignment=redis}): the lease store, the small
 * client interface it runs its scripts through, its settings, what plain Hibernate finds through the ServiceLoader and
 * the Lettuce client it opens. Public for the ServiceLoader and the starter only. Not an API: it may change in any
 * release.
 */
package io.snowflakeid.redis.internal;
