/**
 * What plain Hibernate finds through the ServiceLoader ({@code snowflake.worker-assignment=zookeeper}): public for
 * the ServiceLoader only. Not an API: it may change in any release.
 */
package io.snowflakeid.zookeeper.internal;
