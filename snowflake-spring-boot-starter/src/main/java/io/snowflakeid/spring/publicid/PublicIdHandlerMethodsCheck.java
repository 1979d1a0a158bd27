package io.snowflakeid.spring.publicid;

import java.util.Collection;
import java.util.function.Supplier;

import io.snowflakeid.publicid.PublicId;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.web.method.HandlerMethod;

/**
 * At start, before any request: a handler method with a {@code @PublicId} parameter that cannot be decoded
 * ({@link PublicIdParameters}), or binding an object whose {@code @PublicId} properties no property path covers
 * ({@link PublicIdPropertyPaths}), stops the application naming it. The resolvers and the binding initializer refuse
 * the same at request time; this makes it a start failure, not a 500 found by the first client.
 */
final class PublicIdHandlerMethodsCheck implements SmartInitializingSingleton {

	private static final ParameterNameDiscoverer PARAMETER_NAMES = new DefaultParameterNameDiscoverer();

	private final Supplier<Collection<HandlerMethod>> handlerMethods;

	PublicIdHandlerMethodsCheck(Supplier<Collection<HandlerMethod>> handlerMethods) {
		this.handlerMethods = handlerMethods;
	}

	@Override
	public void afterSingletonsInstantiated() {
		for (HandlerMethod handlerMethod : this.handlerMethods.get()) {
			if (AnnotatedElementUtils.hasAnnotation(handlerMethod.getMethod(), PublicId.class)) {
				// @PublicId may sit on methods (getters); on a handler method nothing would encode its return value
				throw new IllegalStateException("@PublicId on handler method " + handlerMethod.getMethod()
						+ " is not supported: its return value would be written as the raw id. Return an object "
						+ "with a @PublicId property, or the token (codec.encode(id))");
			}
			for (MethodParameter parameter : handlerMethod.getMethodParameters()) {
				// as Spring does before resolving arguments (Spring 6.2 leaves it unset until then): names in messages
				parameter.initParameterNameDiscovery(PARAMETER_NAMES);
				if (parameter.hasParameterAnnotation(PublicId.class)) {
					PublicIdParameters.checkSupported(parameter);
				}
				else if (PublicIdParameters.isEntityLookup(parameter)) {
					// Spring Data's DomainClassConverter would find the entity by the raw number
					throw new IllegalStateException("Parameter '" + parameter.getParameterName() + "' of "
							+ handlerMethod.getMethod() + " looks up a " + parameter.getParameterType().getSimpleName()
							+ " by its id, whose id is @PublicId: Spring Data's DomainClassConverter would take the raw id. "
							+ "Take the token instead (@PathVariable @PublicId Long id) and load the entity with its "
							+ "repository");
				}
				else if (PublicIdParameters.isBoundObject(parameter)) {
					checkBound(handlerMethod, parameter);
				}
			}
		}
	}

	private static void checkBound(HandlerMethod handlerMethod, MethodParameter parameter) {
		try {
			PublicIdPropertyPaths.of(parameter.getParameterType());
		}
		catch (IllegalStateException ex) {
			if (ex.getMessage() == null || !ex.getMessage().startsWith("@PublicId")) {
				return; // not about public ids: the type may not even be bound (Spring says so at request time)
			}
			throw new IllegalStateException(ex.getMessage() + " (bound as parameter '" + parameter.getParameterName()
					+ "' of " + handlerMethod.getMethod() + ")", ex);
		}
	}
}
