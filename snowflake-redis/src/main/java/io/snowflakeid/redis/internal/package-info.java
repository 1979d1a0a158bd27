/**
 * What plain Hibernate finds through the ServiceLoader ({@code snowflake.worker-assignment=redis}) and the Lettuce
 * client it opens: public for the ServiceLoader and the starter only. Not an API: it may change in any release.
 */
package io.snowflakeid.redis.internal;
