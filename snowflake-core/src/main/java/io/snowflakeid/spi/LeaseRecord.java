package io.snowflakeid.spi;

/**
 * One (datacenter, worker) record of a {@link LeaseStore}.
 *
 * @param datacenterId the datacenter id
 * @param workerId the worker id
 * @param leaseEnd when the holder's lease ends (epoch milliseconds of its wall clock); 0 when free
 * @param highWaterMark the latest timestamp (epoch milliseconds) any holder may have issued ids for
 */
public record LeaseRecord(int datacenterId, int workerId, long leaseEnd, long highWaterMark) {
}
