package io.snowflakeid.redis.internal;

import java.io.BufferedReader;
import java.io.FileWriter;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import io.snowflakeid.redis.internal.RedisLeaseStoreProvider;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;

/**
 * A separate JVM for {@link MultiProcessRedisTests}: leases a worker id in Redis (retrying while every pair is
 * held), then issues ids continuously, appending each batch to a file of its own before reporting it, until told
 * to release (or killed with -9). Arguments: Redis URI, key, ids file, optionally the lease in seconds.
 */
public final class RedisLeaseHolderProcess {

	/** Four worker ids in datacenter 0: four holders take them all, so a newcomer reuses a killed holder's. */
	static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5).workerBits(2)
		.sequenceBits(15).build();

	static final Duration LEASE = Duration.ofSeconds(3);

	static final Duration SAFETY_MARGIN = Duration.ofSeconds(1);

	private RedisLeaseHolderProcess() {
	}

	public static void main(String[] args) throws Exception {
		LeaseStore store = new RedisLeaseStoreProvider()
			.create(Map.of(RedisSettings.URI, args[0], RedisSettings.KEY, args[1]));
		WorkerLeaseSettings settings = WorkerLeaseSettings.builder(store).layout(LAYOUT).datacenterId(0)
			.duration((args.length > 3) ? Duration.ofSeconds(Long.parseLong(args[3])) : LEASE)
			.safetyMargin(SAFETY_MARGIN).build();
		WorkerLease lease = null;
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (lease == null) {
			try {
				lease = WorkerLease.acquire(settings);
			}
			catch (WorkerLeaseException ex) {
				if (System.nanoTime() > deadline) {
					throw ex;
				}
				Thread.sleep(100); // every pair held (a killed holder's until its lease end + margin)
			}
		}
		System.out.println("CLAIMED " + lease.datacenterId() + " " + lease.workerId());
		WorkerLease held = lease;
		PrintWriter ids = new PrintWriter(new FileWriter(args[2], StandardCharsets.UTF_8, true));
		Thread issuer = new Thread(() -> {
			boolean expired = false;
			while (!Thread.currentThread().isInterrupted()) {
				try {
					StringBuilder batch = new StringBuilder();
					for (int i = 0; i < 100; i++) {
						batch.append(held.generator().nextId()).append('\n');
					}
					ids.print(batch);
					ids.flush();
					if (expired) {
						System.out.println("RESUMED");
						expired = false;
					}
				}
				catch (WorkerLeaseExpiredException ex) {
					if (!expired) {
						System.out.println("EXPIRED " + ex.getMessage());
						expired = true;
					}
				}
				try {
					Thread.sleep(10);
				}
				catch (InterruptedException ex) {
					return;
				}
			}
		});
		issuer.start();
		BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
		String line;
		while ((line = in.readLine()) != null && !line.equals("release")) {
			if (line.equals("status")) {
				System.out.println("STATUS renewals " + held.renewals() + " lost " + held.isLost());
			}
		}
		issuer.interrupt();
		issuer.join();
		lease.close();
		ids.close();
		((AutoCloseable) store).close();
		System.out.println("RELEASED");
	}
}
