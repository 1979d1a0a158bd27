package io.snowflakeid.spring.publicid;

import java.util.Collection;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.MethodParameter;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.web.method.HandlerMethod;

/**
 * Registered by {@link SnowflakePublicIdAutoConfiguration} (with the codec and the JSON support), not by the web
 * auto-configurations: a handler method of one web stack (Spring MVC or WebFlux) that takes a {@code @PublicId}
 * parameter, looks up an entity whose id is {@code @PublicId}, or binds an object with {@code @PublicId} properties,
 * while that stack's public-id resolver is not registered (its auto-configuration excluded, left out of an explicit
 * list, or backed off for want of a codec), stops the start naming the method, the parameter and the missing
 * auto-configuration. Spring's own resolvers would read the raw id there: never a raw id where a public id was promised.
 */
final class PublicIdResolverAbsentCheck implements SmartInitializingSingleton {

	private static final ParameterNameDiscoverer PARAMETER_NAMES = new DefaultParameterNameDiscoverer();

	private final String stack;

	private final String autoConfiguration;

	private final BeanFactory beanFactory;

	private final Supplier<Collection<HandlerMethod>> handlerMethods;

	private final BooleanSupplier resolverRegistered;

	/**
	 * @param stack the web stack, for messages ({@code Spring MVC}, {@code WebFlux})
	 * @param autoConfiguration the auto-configuration that registers the stack's resolver
	 * @param handlerMethods the stack's handler methods
	 * @param resolverRegistered whether the stack's public-id resolver is in place (asked only when a handler method
	 * needs it)
	 */
	PublicIdResolverAbsentCheck(String stack, Class<?> autoConfiguration, BeanFactory beanFactory,
			Supplier<Collection<HandlerMethod>> handlerMethods, BooleanSupplier resolverRegistered) {
		this.stack = stack;
		this.autoConfiguration = autoConfiguration.getSimpleName();
		this.beanFactory = beanFactory;
		this.handlerMethods = handlerMethods;
		this.resolverRegistered = resolverRegistered;
	}

	@Override
	public void afterSingletonsInstantiated() {
		for (HandlerMethod handlerMethod : this.handlerMethods.get()) {
			for (MethodParameter parameter : handlerMethod.getMethodParameters()) {
				String use = publicIdUse(parameter);
				if (use != null && !this.resolverRegistered.getAsBoolean()) {
					throw new IllegalStateException(message(handlerMethod, parameter, use));
				}
			}
		}
	}

	/** What makes the parameter need the public-id resolver or binding initializer, or null. */
	private static String publicIdUse(MethodParameter parameter) {
		if (parameter.hasParameterAnnotation(PublicId.class)) {
			return "is @PublicId";
		}
		if (PublicIdParameters.isEntityLookup(parameter)) {
			return "looks up a " + parameter.getNestedParameterType().getSimpleName() + " whose id is @PublicId";
		}
		if (PublicIdParameters.isBoundObject(parameter)) {
			try {
				if (!PublicIdPropertyPaths.of(parameter.getParameterType()).isEmpty()) {
					return "binds a " + parameter.getParameterType().getSimpleName() + " with @PublicId properties";
				}
			}
			catch (IllegalStateException ex) {
				if (ex.getMessage() != null && ex.getMessage().startsWith("@PublicId")) {
					return "binds a " + parameter.getParameterType().getSimpleName() + " with @PublicId properties";
				}
			}
		}
		return null;
	}

	private String message(HandlerMethod handlerMethod, MethodParameter parameter, String use) {
		parameter.initParameterNameDiscovery(PARAMETER_NAMES);
		String name = (parameter.getParameterName() != null) ? parameter.getParameterName()
				: "#" + parameter.getParameterIndex();
		boolean codec = this.beanFactory.getBeanProvider(PublicIdCodec.class).getIfAvailable() != null;
		String why = codec ? this.autoConfiguration + " is missing from the auto-configurations or excluded"
				: "there is no PublicIdCodec (no " + PublicIdCodec.KEYS + ".* key), so " + this.autoConfiguration
						+ " backs off";
		String fix = codec ? "Do not exclude " + this.autoConfiguration + " (spring.autoconfigure.exclude, "
				+ "exclude = ... of @SpringBootApplication or @EnableAutoConfiguration), and list it where the "
				+ "auto-configurations are listed explicitly (@ImportAutoConfiguration)"
				: "Set " + PublicIdCodec.KEYS + ".<version>=<base64 AES key of 16, 24 or 32 bytes>";
		return "@PublicId in " + this.stack + ": parameter '" + name + "' of " + handlerMethod.getMethod() + " " + use
				+ ", but the " + this.stack + " public-id resolver is not registered: " + why + ". Without it, "
				+ this.stack + " would read the raw id where a public id is promised. " + fix + ".";
	}
}
