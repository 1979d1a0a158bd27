package io.snowflakeid.spring.redis;

import org.springframework.boot.autoconfigure.AutoConfiguration;

/**
 * {@code snowflake.worker-assignment=redis}: the worker lease kept in Redis (module {@code snowflake-redis}).
 * Not yet configured: issue 13 in progress.
 */
@AutoConfiguration
public final class SnowflakeRedisAutoConfiguration {

}
