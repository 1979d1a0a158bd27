package io.snowflakeid.spring.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.function.Supplier;

import io.snowflakeid.internal.GeneratorHealth;

/**
 * A health indicator for whichever Spring Boot line is running. Boot 4 moved {@code HealthIndicator} and
 * {@code Health} from {@code org.springframework.boot.actuate.health} to
 * {@code org.springframework.boot.health.contributor}, with the same shape; one jar serves both by implementing the
 * interface found at run time (a JDK proxy) and building {@code Health} through its public builder.
 */
final class ReflectiveHealthIndicator implements InvocationHandler {

	static final String BOOT_4_PACKAGE = "org.springframework.boot.health.contributor";

	static final String BOOT_3_PACKAGE = "org.springframework.boot.actuate.health";

	private final Supplier<GeneratorHealth> health;

	private final Class<?> healthType;

	private ReflectiveHealthIndicator(Supplier<GeneratorHealth> health, Class<?> healthType) {
		this.health = health;
		this.healthType = healthType;
	}

	/** A {@code HealthIndicator} of the given package, reporting {@code health}. */
	static Object create(String packageName, Supplier<GeneratorHealth> health) {
		ClassLoader loader = ReflectiveHealthIndicator.class.getClassLoader();
		try {
			Class<?> indicator = Class.forName(packageName + ".HealthIndicator", false, loader);
			Class<?> healthType = Class.forName(packageName + ".Health", false, loader);
			return Proxy.newProxyInstance(loader, new Class<?>[] { indicator },
					new ReflectiveHealthIndicator(health, healthType));
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException("Spring Boot health API not found in " + packageName, ex);
		}
	}

	@Override
	public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
		if (method.getName().equals("health") && method.getParameterCount() == 0) {
			return build(this.health.get());
		}
		if (method.isDefault()) {
			return InvocationHandler.invokeDefault(proxy, method, args);
		}
		return switch (method.getName()) {
			case "toString" -> "SnowflakeHealthIndicator";
			case "hashCode" -> System.identityHashCode(proxy);
			case "equals" -> proxy == args[0];
			default -> throw new UnsupportedOperationException(method.toString());
		};
	}

	private Object build(GeneratorHealth state) throws ReflectiveOperationException {
		Object builder = this.healthType.getMethod(state.up() ? "up" : "down").invoke(null);
		builder.getClass().getMethod("withDetails", Map.class).invoke(builder, state.details());
		return builder.getClass().getMethod("build").invoke(builder);
	}
}
