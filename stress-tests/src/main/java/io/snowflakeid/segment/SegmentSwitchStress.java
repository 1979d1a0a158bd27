package io.snowflakeid.segment;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

import io.snowflakeid.segment.SegmentTable.Segment;
import io.snowflakeid.stress.StressDatabase;
import io.snowflakeid.worker.ConnectionSource;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The double buffer of segment mode at its switch: the current segment has one value left and the next one is
 * already fetched; two threads take two ids each. Between them they use up the current segment, switch to the
 * prefetched one (both threads may find the current one exhausted at once, and both may take and try to install
 * the same fetch), and start the fetch after it at its first value (at most one fetch may be in flight).
 * <p>
 * Setup: segments of 3 values, prefetch at 0 % (the next segment is fetched as soon as a segment's first value is
 * taken). The constructor takes v and v+1 of segment [v, v+2], which also fetches [v+3, v+5]. The four ids the
 * actors get must then be exactly v+2 .. v+5: one instance of the key, so ids are dense, each thread's in
 * increasing order, none twice. Result: each actor's two ids minus v+1 (first actor, then second; an id outside the
 * segments the table handed to this generator is -1, an exception -2), and how many fetches the actors started
 * (exactly one: the prefetch at v+3).
 * <p>
 * Where fetches run: at once on the calling thread while the constructor sets up (a database that answers at
 * once), then held back: the fetch the actors start is counted and never run. So the actors never touch the
 * database; what they race through is the production code of the switch (the cursor, the monitor, a completed
 * fetch, the install check, the prefetch decision), and both reach the switch within nanoseconds of each other.
 * The alternatives, measured while writing this test, make that interleaving rare. Fetches run inline in the
 * actors too (segments of 2, crossing a second switch): the thread that runs a fetch falls behind the other within
 * a jcstress stride, and with the install check of advance() removed only 0.15 % of quick-mode samples caught the
 * double install, against 5 % with this setup. A thread pool: each switch would wait milliseconds for a third
 * thread (on 2 CPUs), and most samples would see one thread switch alone.
 * <p>
 * Cost: two fetches per state, in its constructor, on one shared in-memory database and table; each state takes a
 * key from a bounded pool (a key is used by one generator at a time, and rows stay bounded) and gives it back in
 * the arbiter. Generators are never closed: they hold no thread or connection, and a reused key simply continues
 * after the values the last one fetched.
 */
@JCStressTest
@Description("Segment double buffer: two threads crossing the switch to the prefetched segment")
@Outcome(id = { "1, 2, 3, 4, 1", "1, 3, 2, 4, 1", "1, 4, 2, 3, 1", "2, 3, 1, 4, 1", "2, 4, 1, 3, 1", "3, 4, 1, 2, 1" },
		expect = ACCEPTABLE, desc = "v+2 .. v+5, each once, each thread's in increasing order; one prefetch")
@Outcome(expect = FORBIDDEN, desc = "a duplicate, a thread's ids out of order, an id outside the fetched segments, "
		+ "a skipped value, an exception, or not exactly one fetch started")
@State
public class SegmentSwitchStress {

	private static final String TABLE = "stress_segment";

	private static final SegmentTable DDL = new SegmentTable(TABLE);

	private static final ConnectionSource DATABASE = StressDatabase.open("segment", DDL.createStatements());

	private static final StressDatabase.Slots KEYS = new StressDatabase.Slots(1 << 14);

	private final int keySlot;

	/** Every segment a fetch of this generator returned, in order. Guarded by itself. */
	private final List<Segment> fetched = new ArrayList<>();

	/** Runs fetches at once while {@link #inline}, then only counts them: see the class comment. */
	private final Executor fetcher = (task) -> {
		if (this.inline) {
			task.run();
		}
		else {
			this.heldBack.incrementAndGet();
		}
	};

	private volatile boolean inline = true;

	private final AtomicInteger heldBack = new AtomicInteger();

	private final SegmentIdGenerator generator;

	/** The constructor's last id, v+1. */
	private final long first;

	private long a1;

	private long a2;

	private long b1;

	private long b2;

	public SegmentSwitchStress() {
		this.keySlot = KEYS.take();
		ConnectionSource recording = new ConnectionSource() {

			@Override
			public Connection getConnection() throws SQLException {
				return DATABASE.getConnection();
			}

			@Override
			public Connection getConnection(Duration timeout) throws SQLException {
				return DATABASE.getConnection(timeout);
			}

			@Override
			public <T> T run(boolean autoCommit, Duration timeout, SqlWork<T> work) throws SQLException {
				T result = ConnectionSource.super.run(autoCommit, timeout, work);
				if (result instanceof Segment segment) {
					synchronized (SegmentSwitchStress.this.fetched) {
						SegmentSwitchStress.this.fetched.add(segment);
					}
				}
				return result;
			}
		};
		SegmentSettings settings = SegmentSettings.builder(recording).tableName(TABLE).createTable(false)
			.prefetchThreshold(0).maxWait(Duration.ofSeconds(5)).build();
		this.generator = new SegmentIdGenerator(settings, "stress-" + this.keySlot, 1, 3, this.fetcher);
		try {
			this.generator.nextId(); // v: fetches [v, v+2] and, at its first value, [v+3, v+5]
			this.first = this.generator.nextId(); // v+1
		}
		catch (RuntimeException | Error ex) {
			KEYS.give(this.keySlot);
			throw ex;
		}
		// From here on fetches are held back (the actors need none); published to them with the state itself.
		this.inline = false;
	}

	@Actor
	public void first() {
		this.a1 = next();
		this.a2 = next();
	}

	@Actor
	public void second() {
		this.b1 = next();
		this.b2 = next();
	}

	private long next() {
		try {
			return this.generator.nextId();
		}
		catch (Throwable ex) {
			return Long.MIN_VALUE;
		}
	}

	@Arbiter
	public void check(IIIII_Result result) {
		result.r1 = relative(this.a1);
		result.r2 = relative(this.a2);
		result.r3 = relative(this.b1);
		result.r4 = relative(this.b2);
		result.r5 = this.heldBack.get();
		KEYS.give(this.keySlot);
	}

	/** {@code id} minus the constructor's last id; -1 if no fetch of this generator handed it out; -2 for an exception. */
	private int relative(long id) {
		if (id == Long.MIN_VALUE) {
			return -2;
		}
		synchronized (this.fetched) {
			for (Segment segment : this.fetched) {
				if (id >= segment.first() && id <= segment.last()) {
					return (int) (id - this.first);
				}
			}
		}
		return -1;
	}
}
