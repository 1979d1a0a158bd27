package io.snowflakeid.zookeeper;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.DataOutputStream;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

import io.snowflakeid.SnowflakeException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;

/**
 * A child JVM of {@link MultiProcessZooKeeperTests}: leases a worker id in ZooKeeper through a client of its own,
 * issues ids as fast as a throttle allows and appends them (8-byte longs) to a file. Prints
 * {@code LEASED <datacenter> <worker>} at every lease (again after a lost one); on {@code stop} closes the lease
 * and prints {@code STOPPED}.
 */
public final class ZooKeeperLeaseProcess {

	/** Four pairs for four processes: a restarted process can only get a pair another one had. */
	static final SnowflakeLayout FOUR_PAIRS = SnowflakeLayout.builder().timestampBits(45).datacenterBits(0)
		.workerBits(2).sequenceBits(16).epoch(Instant.parse("2020-01-01T00:00:00Z")).build();

	private static volatile boolean stopping;

	private ZooKeeperLeaseProcess() {
	}

	public static void main(String[] args) throws Exception {
		String connectString = args[0];
		String path = args[1];
		String file = args[2];
		Thread commands = new Thread(() -> {
			try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
				String line;
				while ((line = in.readLine()) != null) {
					if (line.equals("stop")) {
						stopping = true;
					}
				}
			}
			catch (Exception ex) {
				// the parent is gone
			}
		});
		commands.setDaemon(true);
		commands.start();
		try (ZooKeeperLeaseStore store = ZooKeeperLeaseStore.connect(connectString, path, Duration.ofSeconds(4),
				Duration.ofSeconds(5));
				DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(file, true)))) {
			WorkerLeaseSettings settings = WorkerLeaseSettings.builder(store).layout(FOUR_PAIRS).datacenterId(0)
				.duration(Duration.ofSeconds(3)).safetyMargin(Duration.ofSeconds(1))
				.clockTolerance(Duration.ofSeconds(1)).build();
			WorkerLease lease = null;
			while (!stopping) {
				if (lease == null || lease.isLost()) {
					if (lease != null) {
						lease.close();
						System.out.println("LOST " + lease.workerId());
					}
					lease = acquire(settings);
					if (lease == null) {
						break;
					}
					System.out.println("LEASED " + lease.datacenterId() + " " + lease.workerId());
				}
				try {
					for (int i = 0; i < 20; i++) {
						out.writeLong(lease.generator().nextId());
					}
					out.flush();
				}
				catch (SnowflakeException ex) {
					// the lease is suspended or ended: no id until it is renewed (fail closed)
				}
				Thread.sleep(2);
			}
			if (lease != null) {
				lease.close();
			}
			out.flush();
		}
		System.out.println("STOPPED");
	}

	/** Acquires, retrying while every pair is held or not yet past its mark (a killed holder's). */
	private static WorkerLease acquire(WorkerLeaseSettings settings) throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(50).toNanos();
		while (!stopping) {
			try {
				return WorkerLease.acquire(settings);
			}
			catch (WorkerLeaseException ex) {
				if (System.nanoTime() > deadline) {
					System.out.println("FAILED " + ex.getMessage());
					return null;
				}
				Thread.sleep(200);
			}
		}
		return null;
	}
}
