/** Worker leases in ZooKeeper: {@code snowflake.worker-assignment=zookeeper}. */
package io.snowflakeid.zookeeper;
