package io.snowflakeid.stress;

import io.snowflakeid.SnowflakeIdGenerator;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IZ_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Two threads take two ids each from a generator with two ids per tick: at least one tick boundary is crossed while
 * both race for the sequence. Result: (distinct ids, each thread's ids increasing).
 */
@JCStressTest
@Description("Sequence rollover at a tick boundary under contention")
@Outcome(id = "4, true", expect = ACCEPTABLE, desc = "four distinct ids, each thread's in increasing order")
@Outcome(expect = FORBIDDEN, desc = "a duplicate id, or a thread's ids out of order")
@State
public class TickRolloverStress {

	private final SnowflakeIdGenerator generator = Generators.twoPerTick(new SteppingClock(false), null);

	private long a1;

	private long a2;

	private long b1;

	private long b2;

	@Actor
	public void first() {
		this.a1 = this.generator.nextId();
		this.a2 = this.generator.nextId();
	}

	@Actor
	public void second() {
		this.b1 = this.generator.nextId();
		this.b2 = this.generator.nextId();
	}

	@Arbiter
	public void check(IZ_Result result) {
		result.r1 = Generators.distinct(this.a1, this.a2, this.b1, this.b2);
		result.r2 = this.a1 < this.a2 && this.b1 < this.b2;
	}
}
