package io.snowflakeid.stress;

import io.snowflakeid.SnowflakeException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.spi.IssuePermit;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * One thread takes ids while another seals the generator (what close() and a lost lease do) and gets the mark it
 * stores for the successor. Result: (issued: 0 none, 1 at or below the mark, 2 above it; 1 if no id follows the
 * seal). An id above the mark would be repeated by the successor.
 */
@JCStressTest
@Description("Sealing a leased generator against nextId()")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "sealed first: no id")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "ids before the seal, all at or below the mark")
@Outcome(expect = FORBIDDEN, desc = "an id above the mark, or an id after the seal")
@State
public class SealVersusNextIdStress {

	private final IssuePermit permit = new IssuePermit("stress", () -> 0L);

	private final SnowflakeIdGenerator generator;

	private long last = -1;

	private long mark;

	public SealVersusNextIdStress() {
		this.permit.grant(Long.MAX_VALUE, Long.MAX_VALUE);
		this.generator = Generators.twoPerTick(new SteppingClock(false), this.permit);
	}

	@Actor
	public void issuer() {
		try {
			for (int i = 0; i < 3; i++) { // crosses a tick boundary
				this.last = this.generator.nextId();
			}
		}
		catch (SnowflakeException sealed) {
			// expected once the seal has happened
		}
	}

	@Actor
	public void sealer() {
		this.mark = this.permit.seal("closed");
	}

	@Arbiter
	public void check(II_Result result) {
		if (this.last < 0) {
			result.r1 = 0;
		}
		else {
			long millis = this.generator.layout().decode(this.last).timestamp().toEpochMilli();
			result.r1 = (millis <= this.mark) ? 1 : 2;
		}
		try {
			this.generator.nextId();
			result.r2 = 0;
		}
		catch (SnowflakeException expected) {
			result.r2 = 1;
		}
	}
}
