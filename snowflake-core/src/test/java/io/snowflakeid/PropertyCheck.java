package io.snowflakeid;

import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * A small seeded property checker: runs a property on many generated samples and, on failure, names the sample and
 * the seed that replays exactly that sample ({@code -Dsnowflake.properties.seed=<seed>}). More tries for a soak:
 * {@code -Dsnowflake.properties.tries=<n>}. Generators get a {@link SplittableRandom}; {@link #field} favours the
 * edges of a range, where off-by-one errors live.
 */
final class PropertyCheck {

	/** A property: throws (an assertion error) when the sample is a counter-example. */
	@FunctionalInterface
	interface Property<T> {

		void check(T sample) throws Exception;
	}

	private PropertyCheck() {
	}

	static <T> void forAll(int tries, Function<SplittableRandom, T> generator, Property<T> property) {
		Long replay = Long.getLong("snowflake.properties.seed");
		int count = (replay != null) ? 1 : Integer.getInteger("snowflake.properties.tries", tries);
		long base = (replay != null) ? replay : new SplittableRandom().nextLong();
		for (int i = 0; i < count; i++) {
			long seed = base + i;
			T sample = generator.apply(new SplittableRandom(seed));
			try {
				property.check(sample);
			}
			catch (Exception | AssertionError ex) {
				throw new AssertionError("Counter-example after " + i + " passing samples: " + sample
						+ "\nReplay it with -Dsnowflake.properties.seed=" + seed + "\n" + ex, ex);
			}
		}
	}

	/** A value in 0..max, the edges (0, 1, max - 1, max) a quarter of the time. */
	static long field(SplittableRandom random, long max) {
		if (random.nextInt(4) == 0) {
			long[] edges = { 0, Math.min(1, max), Math.max(0, max - 1), max };
			return edges[random.nextInt(edges.length)];
		}
		return (max == Long.MAX_VALUE) ? random.nextLong() & Long.MAX_VALUE : random.nextLong(max + 1);
	}
}
