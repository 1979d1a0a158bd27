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
import org.openjdk.jcstress.infra.results.IIZ_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A revocation (a renewal found the lease lost) racing a thread that takes three ids. Result: (ids issued, 1 if
 * an id was issued after one was refused, whether the generator refuses once both are done). Once one id is refused, none may follow: issued ids
 * all come before the refused ones, and a revoked permit stays revoked until a renewal grants a new one.
 */
@JCStressTest
@Description("Permit revoke racing nextId()")
@Outcome(id = { "0, 0, true", "1, 0, true", "2, 0, true", "3, 0, true" }, expect = ACCEPTABLE,
		desc = "ids before the revoke, refusals after it")
@Outcome(expect = FORBIDDEN, desc = "an id after the revoke")
@State
public class RevokeVersusNextIdStress {

	private final IssuePermit permit = new IssuePermit("stress", () -> 0L);

	private final SnowflakeIdGenerator generator;

	private int issued;

	private int refused;

	private int issuedAfterRefusal;

	public RevokeVersusNextIdStress() {
		this.permit.grant(Long.MAX_VALUE, Long.MAX_VALUE);
		this.generator = Generators.twoPerTick(new SteppingClock(false), this.permit);
	}

	@Actor
	public void issuer() {
		for (int i = 0; i < 3; i++) { // the third crosses a tick boundary
			try {
				this.generator.nextId();
				this.issued++;
				if (this.refused > 0) {
					this.issuedAfterRefusal = 1;
				}
			}
			catch (SnowflakeException revoked) {
				this.refused++;
			}
		}
	}

	@Actor
	public void revoker() {
		this.permit.revoke("lost");
	}

	@Arbiter
	public void check(IIZ_Result result) {
		result.r1 = this.issued;
		result.r2 = this.issuedAfterRefusal;
		try {
			this.generator.nextId();
			result.r3 = false;
		}
		catch (SnowflakeException expected) {
			result.r3 = true;
		}
	}
}
