package io.snowflakeid.spring.internal;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

/**
 * Native-image hints for the {@code snowflake} health indicator, which is a JDK proxy of the running Spring Boot
 * line's {@code HealthIndicator} that builds {@code Health} by reflection (see {@code ReflectiveHealthIndicator}):
 * the proxy, the two types it loads by name and the public methods it calls. For the line on the class path, so
 * one registrar serves the auto-configurations of both lines. Public for them; an internal package, not an API.
 */
public final class SnowflakeHealthRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		for (String packageName : new String[] { ReflectiveHealthIndicator.BOOT_4_PACKAGE,
				ReflectiveHealthIndicator.BOOT_3_PACKAGE }) {
			if (ClassUtils.isPresent(packageName + ".HealthIndicator", classLoader)) {
				register(hints, packageName);
			}
		}
	}

	private static void register(RuntimeHints hints, String packageName) {
		TypeReference indicator = TypeReference.of(packageName + ".HealthIndicator");
		hints.proxies().registerJdkProxy(indicator);
		// Default methods (health(boolean)) are called through InvocationHandler.invokeDefault.
		hints.reflection()
			.registerType(indicator, MemberCategory.INVOKE_PUBLIC_METHODS)
			.registerType(TypeReference.of(packageName + ".Health"), MemberCategory.INVOKE_PUBLIC_METHODS)
			.registerType(TypeReference.of(packageName + ".Health$Builder"), MemberCategory.INVOKE_PUBLIC_METHODS);
	}
}
