package io.snowflakeid.spring.publicid;

import java.util.Arrays;

import io.snowflakeid.publicid.PublicId;

import org.springframework.beans.BeanUtils;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * What a {@code @PublicId} handler method parameter may be, the same in Spring MVC and WebFlux: a {@code Long},
 * {@code long} or {@code Optional<Long>} {@code @PathVariable} or {@code @RequestParam}, or one with no web binding
 * annotation (a request parameter, as Spring reads it). Anything else ({@code @RequestHeader}, {@code @CookieValue},
 * {@code @MatrixVariable}, a {@code List} or {@code Map}) would be read by Spring's own resolvers as a raw id: refused.
 */
final class PublicIdParameters {

	private PublicIdParameters() {
	}

	/** @throws IllegalStateException naming the parameter and its method if it is not supported */
	static void checkSupported(MethodParameter parameter) {
		Class<?> type = parameter.nestedIfOptional().getNestedParameterType();
		boolean annotated = parameter.hasParameterAnnotation(PathVariable.class)
				|| parameter.hasParameterAnnotation(RequestParam.class);
		if ((type != Long.class && type != long.class) || (!annotated && hasWebAnnotation(parameter))) {
			throw new IllegalStateException("@PublicId on parameter '" + parameter.getParameterName() + "' of "
					+ parameter.getExecutable() + " is not supported: only a Long, long or Optional<Long> "
					+ "@PathVariable or @RequestParam is decoded from a token (never read as a raw id)");
		}
	}

	/**
	 * Whether Spring binds the parameter as an object from request parameters: {@code @ModelAttribute}, or a type that
	 * is no simple value and carries no other web annotation (framework types aside: they are resolved otherwise).
	 */
	/**
	 * A {@code @PathVariable}/{@code @RequestParam} of a type whose id ({@code @Id}, JPA's or Spring Data's) is
	 * {@code @PublicId}: converted from the text by Spring Data's {@code DomainClassConverter}, which reads the raw id.
	 */
	static boolean isEntityLookup(MethodParameter parameter) {
		if (!parameter.hasParameterAnnotation(PathVariable.class) && !parameter.hasParameterAnnotation(RequestParam.class)) {
			return false;
		}
		Class<?> type = parameter.getNestedParameterType();
		if (BeanUtils.isSimpleProperty(type)) {
			return false;
		}
		for (Class<?> current = type; current != null && current != Object.class; current = current.getSuperclass()) {
			for (java.lang.reflect.Field field : current.getDeclaredFields()) {
				if (field.isAnnotationPresent(PublicId.class) && isId(field)) {
					return true;
				}
			}
			for (java.lang.reflect.Method method : current.getDeclaredMethods()) {
				if (method.getParameterCount() == 0 && method.isAnnotationPresent(PublicId.class) && isId(method)) {
					return true;
				}
			}
		}
		return false;
	}

	/** JPA's {@code @Id} or Spring Data's, by name: neither API needs to be on the class path. */
	private static boolean isId(java.lang.reflect.AnnotatedElement element) {
		return Arrays.stream(element.getAnnotations())
			.map((annotation) -> annotation.annotationType().getName())
			.anyMatch((name) -> name.equals("jakarta.persistence.Id")
					|| name.equals("org.springframework.data.annotation.Id"));
	}

	static boolean isBoundObject(MethodParameter parameter) {
		if (parameter.hasParameterAnnotation(ModelAttribute.class)) {
			return true;
		}
		Class<?> type = parameter.getParameterType();
		String name = type.getName();
		return !hasWebAnnotation(parameter) && !BeanUtils.isSimpleProperty(type) && !type.isInterface()
				&& !name.startsWith("java.") && !name.startsWith("javax.") && !name.startsWith("jakarta.")
				&& !name.startsWith("org.springframework.") && !name.startsWith("reactor.");
	}

	private static boolean hasWebAnnotation(MethodParameter parameter) {
		return Arrays.stream(parameter.getParameterAnnotations())
			.anyMatch((annotation) -> annotation.annotationType().getPackage() == PathVariable.class.getPackage());
	}
}
