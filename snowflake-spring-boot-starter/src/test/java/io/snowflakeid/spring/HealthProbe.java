package io.snowflakeid.spring;

import java.lang.reflect.Method;
import java.util.Map;

/**
 * Calls {@code health()} on a health indicator of whichever Boot line runs the tests (the interface moved package
 * in Boot 4), by reflection, so one test source serves both lines.
 */
public final class HealthProbe {

	public static final String BOOT_4_HEALTH = "org.springframework.boot.health.contributor.HealthIndicator";

	public static final String BOOT_3_HEALTH = "org.springframework.boot.actuate.health.HealthIndicator";

	private final String status;

	private final Map<String, Object> details;

	private HealthProbe(String status, Map<String, Object> details) {
		this.status = status;
		this.details = details;
	}

	/** The indicator's health now. */
	@SuppressWarnings("unchecked")
	public static HealthProbe of(Object indicator) throws Exception {
		Method health = indicator.getClass().getMethod("health");
		Object result = health.invoke(indicator);
		Object status = result.getClass().getMethod("getStatus").invoke(result);
		String code = (String) status.getClass().getMethod("getCode").invoke(status);
		return new HealthProbe(code, (Map<String, Object>) result.getClass().getMethod("getDetails").invoke(result));
	}

	public static boolean isHealthIndicator(Object bean) {
		for (Class<?> type : bean.getClass().getInterfaces()) {
			if (type.getName().equals(BOOT_4_HEALTH) || type.getName().equals(BOOT_3_HEALTH)) {
				return true;
			}
		}
		return false;
	}

	/** UP, DOWN, ... */
	public String status() {
		return this.status;
	}

	public Map<String, Object> details() {
		return this.details;
	}
}
