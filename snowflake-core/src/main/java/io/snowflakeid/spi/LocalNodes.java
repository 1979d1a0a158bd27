package io.snowflakeid.spi;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import io.snowflakeid.IssueGate;
import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.TimeSource;

/**
 * The (layout, datacenter, worker) nodes in use in this JVM. Two generators with the same node bits issue the
 * same ids, so a JVM has at most one generator per node, whoever asks: a static node is shared by every
 * context and SessionFactory configured with it (a second configuration that disagrees on how it behaves is
 * refused), a leased node belongs to its lease alone, and a node is remembered with the last millisecond it was
 * used, so that whoever uses it next in this JVM continues above it even if its own lease table (another
 * database) knows nothing of it.
 * <p>
 * The bindings build static generators through {@link #shared}; worker-assignment backends reserve their node here.
 * Applications do not use it.
 */
public final class LocalNodes {

	private static final Map<Node, Entry> NODES = new HashMap<>();

	private LocalNodes() {
	}

	/**
	 * The process-wide generator of a static node (layout, datacenter, worker), built on first use. Bindings use it so
	 * that every table, every Hibernate generator instance and every SessionFactory or application context in one JVM
	 * that is configured with the same node draws from one sequence, instead of issuing the same ids.
	 * @throws SnowflakeConfigurationException if the settings are invalid (as {@link SnowflakeIdGenerator.Builder#build()}
	 * says), or the node is already used with another clock tolerance or time source, or is held by a worker lease in
	 * this JVM
	 */
	public static synchronized SnowflakeIdGenerator shared(SnowflakeIdGenerator.Builder builder) {
		SnowflakeIdGenerator generator = builder.build(); // checked first, as build() checks; used if the node is new
		Duration tolerance = builder.configuredClockTolerance();
		TimeSource timeSource = builder.configuredTimeSource();
		Node node = new Node(builder.configuredLayout(), generator.datacenterId(), generator.workerId());
		Entry entry = NODES.get(node);
		if (entry != null && entry.shared != null) {
			if (!entry.tolerance.equals(tolerance) || !Objects.equals(entry.timeSource, timeSource)) {
				throw new SnowflakeConfigurationException(SnowflakeSettings.CLOCK_TOLERANCE,
						tolerance.toMillis() + " ms" + (Objects.equals(entry.timeSource, timeSource)
								? "" : " with another time source"),
						entry.tolerance.toMillis() + " ms, as already configured for " + node.describe()
								+ " in this JVM",
						"Every context or SessionFactory of one JVM that uses the same node shares one generator, "
								+ "so they must agree on how it behaves; two generators would issue the same ids");
			}
			return entry.shared;
		}
		if (entry != null && entry.leaseHolder != null) {
			throw new SnowflakeConfigurationException(SnowflakeSettings.WORKER_ID, node.workerId,
					"a node not held by a worker lease in this JVM: " + node.describe() + " is leased by "
							+ entry.leaseHolder,
					"Give this configuration another datacenter/worker id, or let it lease one too");
		}
		if (entry != null && entry.lastMillis != Long.MIN_VALUE) {
			generator = IssueGate.generator(builder, null, entry.lastMillis);
		}
		NODES.put(node, new Entry(generator, tolerance, timeSource, null, Long.MIN_VALUE));
		return generator;
	}

	/**
	 * Reserves a node for a worker lease.
	 * @return the reservation, or null if the node is in use in this JVM
	 */
	public static synchronized Reservation reserve(SnowflakeLayout layout, long datacenterId, long workerId,
			String holder) {
		Node node = new Node(layout, datacenterId, workerId);
		Entry entry = NODES.get(node);
		if (entry != null && (entry.shared != null || entry.leaseHolder != null)) {
			return null;
		}
		long last = (entry != null) ? entry.lastMillis : Long.MIN_VALUE;
		NODES.put(node, new Entry(null, null, null, holder, last));
		return new Reservation(node, holder, last);
	}

	/** Whether a node is in use in this JVM right now. */
	public static synchronized boolean inUse(SnowflakeLayout layout, long datacenterId, long workerId) {
		Entry entry = NODES.get(new Node(layout, datacenterId, workerId));
		return entry != null && (entry.shared != null || entry.leaseHolder != null);
	}

	private static synchronized void release(Node node, String holder, long lastMillis) {
		Entry entry = NODES.get(node);
		if (entry != null && holder.equals(entry.leaseHolder)) {
			NODES.put(node, new Entry(null, null, null, null, Math.max(entry.lastMillis, lastMillis)));
		}
	}

	/** A node held by one worker lease in this JVM. */
	public static final class Reservation {

		private final Node node;

		private final String holder;

		private final long previousLastMillis;

		private boolean released;

		private Reservation(Node node, String holder, long previousLastMillis) {
			this.node = node;
			this.holder = holder;
			this.previousLastMillis = previousLastMillis;
		}

		/** The last millisecond an earlier holder in this JVM used, or {@code Long.MIN_VALUE}. */
		public long previousLastMillis() {
			return this.previousLastMillis;
		}

		/**
		 * Hands the node back, remembering the last millisecond used; {@code Long.MAX_VALUE} if unknown (the node
		 * then stays unusable in this JVM, which is the safe side).
		 */
		public synchronized void release(long lastMillis) {
			if (!this.released) {
				this.released = true;
				LocalNodes.release(this.node, this.holder, lastMillis);
			}
		}
	}

	private record Node(SnowflakeLayout layout, long datacenterId, long workerId) {

		String describe() {
			return "(datacenter " + this.datacenterId + ", worker " + this.workerId + ") of layout " + this.layout;
		}
	}

	private record Entry(SnowflakeIdGenerator shared, Duration tolerance, TimeSource timeSource, String leaseHolder,
			long lastMillis) {
	}
}
