package io.snowflakeid.worker;

import java.util.Random;

/**
 * The order a claim tries rows in after a lost round, for tests of other packages (the coordination modules): by
 * default each claimant's own random order; a test whose scenario needs a given pair after a lost round pins it.
 */
public final class ClaimOrders {

	private ClaimOrders() {
	}

	/** Lowest first in every round, as before a lost round: the scenario's pair, not one drawn at random. */
	public static WorkerLeaseSettings.Builder lowestFirst(WorkerLeaseSettings.Builder settings) {
		return settings.claimOrder(new LowestFirst());
	}

	/** A "random" order that keeps the order it is given: start 0, stride 1, and shuffles that swap nothing. */
	private static final class LowestFirst extends Random {

		private static final long serialVersionUID = 1L;

		@Override
		public long nextLong(long bound) {
			return 0;
		}

		@Override
		public int nextInt(int bound) {
			return bound - 1; // Collections.shuffle swaps element i - 1 with this one: itself
		}
	}
}
