package io.snowflakeid.quarkus.deployment;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.snowflakeid.hibernate.SnowflakeId;
import org.jboss.jandex.Index;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code @SnowflakeId} containers JSON-B would write as numbers (the build warns, naming each), from an index as the
 * build reads the application's: another map or collection type, a map keyed by another type, nested containers; not
 * those written as strings, and not single values.
 */
class JsonbUnconvertedIdsTest {

	@Test
	void containersTheBuildDoesNotConvertAreNamed() throws IOException {
		assertThat(JsonbIdsAsStrings.unconverted(Index.of(Ids.class))).containsExactly(
				Ids.class.getName() + ".concurrent (java.util.concurrent.ConcurrentHashMap<java.lang.String, java.lang.Long>)",
				Ids.class.getName() + ".nested (java.util.List<java.util.List<java.lang.Long>>)",
				Ids.class.getName() + ".numbered (java.util.Map<java.lang.Long, java.lang.Long>)");
	}

	public static class Ids {

		@SnowflakeId
		public Long id;

		@SnowflakeId
		public Set<Long> set;

		@SnowflakeId
		public Map<String, Long> byName;

		@SnowflakeId
		public long[] primitives;

		@SnowflakeId
		public ConcurrentHashMap<String, Long> concurrent;

		@SnowflakeId
		public Map<Long, Long> numbered;

		@SnowflakeId
		public List<List<Long>> nested;
	}
}
