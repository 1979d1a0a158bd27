package io.snowflakeid.quarkus.runtime;

import java.lang.reflect.Method;
import java.util.Set;
import java.util.TreeSet;

import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** quarkus.snowflake.* is the settings table under Quarkus' prefix: every row, no other key but Quarkus' own. */
class SnowflakeConfigTests {

	/** What only the Quarkus binding has (the Spring starter has the same under snowflake.jpa.*). */
	private static final Set<String> QUARKUS_ONLY = Set.of("jpa.batching-defaults.enabled",
			"jpa.batching-defaults.batch-size");

	@Test
	void theMappingDeclaresEveryRowOfTheSettingsTable() {
		Set<String> rows = new TreeSet<>();
		for (Setting<?> setting : Settings.ALL) {
			rows.add(setting.key().substring("snowflake.".length()));
		}
		Set<String> mapped = new TreeSet<>();
		collect(SnowflakeConfig.class, "", mapped);
		Set<String> expected = new TreeSet<>(rows);
		expected.addAll(QUARKUS_ONLY);
		for (Setting<?> setting : Settings.MODULES) { // ZooKeeper, Redis, public ids
			expected.add(setting.key().substring("snowflake.".length()));
		}
		expected.add("public-id.keys"); // a family of keys, one per version: not a row
		assertThat(mapped).isEqualTo(expected);
	}

	@Test
	void everyRowIsReadAsTextThroughTheTablesParser() throws Exception {
		for (Method method : SnowflakeConfig.class.getMethods()) {
			if (method.getReturnType().isInterface() && method.getReturnType().getEnclosingClass() == SnowflakeConfig.class) {
				continue;
			}
			if (method.getName().equals("keys")) {
				continue; // the public id keys: a map, each value read by the core's codec builder
			}
			assertThat(method.getGenericReturnType().getTypeName()).as(method.getName())
				.isEqualTo("java.util.Optional<java.lang.String>");
		}
	}

	private static void collect(Class<?> type, String prefix, Set<String> keys) {
		for (Method method : type.getMethods()) {
			String name = prefix + kebab(method.getName());
			Class<?> returned = method.getReturnType();
			if (returned.isInterface() && returned.getEnclosingClass() == SnowflakeConfig.class) {
				collect(returned, name + ".", keys);
			}
			else {
				keys.add(name);
			}
		}
	}

	private static String kebab(String name) {
		return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
	}
}
