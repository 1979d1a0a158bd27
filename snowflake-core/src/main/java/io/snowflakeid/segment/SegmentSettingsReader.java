package io.snowflakeid.segment;

import java.util.Map;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.worker.ConnectionSource;

/** Segment settings from a {@code snowflake.segment.*} settings map (Hibernate settings, Spring properties). */
public final class SegmentSettingsReader {

	private SegmentSettingsReader() {
	}

	public static SegmentSettings read(Map<String, ?> settings, ConnectionSource connections) {
		SegmentSettings.Builder builder = SegmentSettings.builder(connections);
		Object table = settings.get(SegmentSettings.TABLE_NAME);
		if (table != null) {
			builder.tableName(table.toString().trim());
		}
		Object step = settings.get(SegmentSettings.DEFAULT_STEP);
		if (step != null) {
			builder.defaultStep((int) SnowflakeSettings.toLong(SegmentSettings.DEFAULT_STEP, step));
		}
		Object threshold = settings.get(SegmentSettings.PREFETCH_THRESHOLD);
		if (threshold != null) {
			try {
				builder.prefetchThreshold(Double.parseDouble(threshold.toString().trim()));
			}
			catch (NumberFormatException ex) {
				throw new SnowflakeConfigurationException(SegmentSettings.PREFETCH_THRESHOLD, "'" + threshold + "'",
						"a number from 0.0 to 0.9");
			}
		}
		Object wait = settings.get(SegmentSettings.MAX_WAIT);
		if (wait != null) {
			builder.maxWait(SnowflakeSettings.toDuration(SegmentSettings.MAX_WAIT, wait));
		}
		Object create = settings.get(SegmentSettings.CREATE_TABLE);
		if (create != null) {
			builder.createTable(Boolean.parseBoolean(create.toString().trim()));
		}
		Object dynamic = settings.get(SegmentSettings.DYNAMIC_STEP);
		if (dynamic != null) {
			builder.dynamicStep(Boolean.parseBoolean(dynamic.toString().trim()));
		}
		Object target = settings.get(SegmentSettings.DYNAMIC_STEP_TARGET);
		if (target != null) {
			builder.dynamicStepTarget(SnowflakeSettings.toDuration(SegmentSettings.DYNAMIC_STEP_TARGET, target));
		}
		return builder.build();
	}
}
