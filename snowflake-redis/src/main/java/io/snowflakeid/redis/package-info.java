/** Worker leases in Redis: {@code snowflake.worker-assignment=redis}. */
package io.snowflakeid.redis;
