package io.snowflakeid.spring.zookeeper;

import org.springframework.boot.autoconfigure.AutoConfiguration;

/**
 * {@code snowflake.worker-assignment=zookeeper}: the worker lease kept in ZooKeeper (module {@code snowflake-zookeeper}).
 * Not yet configured: issue 13 in progress.
 */
@AutoConfiguration
public final class SnowflakeZooKeeperAutoConfiguration {

}
