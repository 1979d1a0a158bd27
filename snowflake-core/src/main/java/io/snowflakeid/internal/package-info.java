/**
 * What the Hibernate binding and the Spring Boot starter call to build and announce generators from a
 * {@link io.snowflakeid.internal.config.SnowflakeConfiguration}: public for those modules only. Not an API: it may
 * change in any release.
 */
package io.snowflakeid.internal;
