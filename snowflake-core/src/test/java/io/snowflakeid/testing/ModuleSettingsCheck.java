package io.snowflakeid.testing;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * For a coordination module's tests: every row of its group ({@link Settings#MODULES} under the group's prefix) that
 * is of another type than text is read by the module, and before a connection is tried. Each such row is given a
 * value its parser refuses, beside settings that point at a server that cannot answer (port 1); the module's
 * {@code create} must fail naming that row. A row read only after connecting, or never, fails the check; a new row is
 * covered without a line in the module's test. Text rows are skipped: any text is a value their parser reads, and
 * their checks are the module's own.
 */
public final class ModuleSettingsCheck {

	private ModuleSettingsCheck() {
	}

	/**
	 * @param group the module's prefix, e.g. {@link Settings#REDIS_GROUP}
	 * @param unreachable settings that name a server nothing answers at
	 * @param create what the module does with a settings map (its provider's {@code create})
	 */
	public static void everyRowIsReadBeforeConnecting(String group, Map<String, Object> unreachable,
			Consumer<Map<String, Object>> create) {
		int checked = 0;
		for (Setting<?> row : Settings.MODULES) {
			if (!row.key().startsWith(group) || row.type() == String.class) {
				continue;
			}
			Map<String, Object> settings = new HashMap<>(unreachable);
			settings.put(row.key(), "not a " + row.type().getSimpleName());
			assertThatExceptionOfType(SnowflakeConfigurationException.class).as(row.key())
				.isThrownBy(() -> create.accept(settings))
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(row.key()));
			checked++;
		}
		assertThat(checked).as("rows of " + group + " checked").isPositive();
	}
}
