package io.snowflakeid.spring.publicid;

import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;

import io.snowflakeid.publicid.PublicId;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.MethodParameter;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotatedMethod;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.annotation.MergedAnnotations.SearchStrategy;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.Arguments;
import org.springframework.graphql.data.method.annotation.BatchMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.stereotype.Controller;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * At start: Spring for GraphQL binds controller arguments itself ({@code @Argument}, {@code @Arguments}), converting
 * a GraphQL {@code ID} to a {@code Long} as a number, so a {@code @PublicId} argument, or an argument object with a
 * {@code @PublicId} property, would take the raw id where a token was promised. No converter of ours is asked there,
 * so such a controller method stops the application, named, with what to write instead. A {@code @PublicId} on the
 * method itself is refused too: its return value would be sent as it is.
 */
final class PublicIdGraphQlControllersCheck implements SmartInitializingSingleton {

	private static final ParameterNameDiscoverer PARAMETER_NAMES = new DefaultParameterNameDiscoverer();

	private final ListableBeanFactory beans;

	PublicIdGraphQlControllersCheck(ListableBeanFactory beans) {
		this.beans = beans;
	}

	@Override
	public void afterSingletonsInstantiated() {
		for (String name : this.beans.getBeanNamesForAnnotation(Controller.class)) {
			Class<?> type = this.beans.getType(name, false);
			if (type != null) {
				check(ClassUtils.getUserClass(type));
			}
		}
		if (ClassUtils.isPresent(REPOSITORY, getClass().getClassLoader())
				&& ClassUtils.isPresent(GRAPHQL_REPOSITORY, getClass().getClassLoader())) {
			for (String name : this.beans.getBeanNamesForAnnotation(ClassUtils.resolveClassName(GRAPHQL_REPOSITORY,
					getClass().getClassLoader()).asSubclass(Annotation.class))) {
				Class<?> type = this.beans.getType(name, false);
				if (type != null) {
					checkRepository(name, type);
				}
			}
		}
	}

	private static final String ARGUMENT_VALUE = "org.springframework.graphql.data.ArgumentValue";

	private static final String REPOSITORY = "org.springframework.data.repository.Repository";

	private static final String GRAPHQL_REPOSITORY = "org.springframework.graphql.data.GraphQlRepository";

	/**
	 * Spring Boot registers Query by Example and Querydsl data fetchers for {@code @GraphQlRepository} repositories:
	 * they bind GraphQL arguments to the entity's properties as plain values, its {@code @PublicId} id among them, so
	 * a raw id would find the entity.
	 */
	static void checkRepository(String name, Class<?> type) {
		Class<?> entity = ResolvableType.forClass(type).as(ClassUtils.resolveClassName(REPOSITORY, null)).resolveGeneric(0);
		String property = (entity != null) ? publicIdPropertyIn(ResolvableType.forClass(entity), new HashSet<>()) : null;
		if (property != null) {
			throw new IllegalStateException("Repository '" + name + "' is a @GraphQlRepository of " + entity.getName()
					+ ", whose " + property + " is @PublicId: its Query by Example or Querydsl data fetchers bind GraphQL "
					+ "arguments to the entity's properties as plain values and would find it by the raw id. Remove "
					+ "@GraphQlRepository and serve it from a controller that takes the token (@Argument String id) and "
					+ "decodes it with the PublicIdCodec bean");
		}
	}

	static void check(Class<?> controller) {
		for (Method method : ReflectionUtils.getUniqueDeclaredMethods(controller, ReflectionUtils.USER_DECLARED_METHODS)) {
			if (!isGraphQlHandler(method)) {
				continue;
			}
			if (AnnotatedElementUtils.hasAnnotation(method, PublicId.class)) {
				throw new IllegalStateException("@PublicId on GraphQL controller method " + method + " is not supported: "
						+ "its return value would be sent as the raw id. Return the object with the @PublicId "
						+ "property (its field is then sent as the token), or the token (codec.encode(id))");
			}
			// as Spring for GraphQL reads them: with the annotations of the interfaces' parameters, and type
			// variables of a generic base controller resolved against the controller's class
			for (MethodParameter parameter : new AnnotatedMethod(method).getMethodParameters()) {
				parameter.initParameterNameDiscovery(PARAMETER_NAMES);
				ResolvableType type = ResolvableType.forMethodParameter(
						new MethodParameter(method, parameter.getParameterIndex()).withContainingClass(controller));
				if (parameter.hasParameterAnnotation(PublicId.class)) {
					throw refused(method, parameter, "is @PublicId");
				}
				// bound from the arguments: @Argument, @Arguments, an ArgumentValue (with or without @Argument) and
				// a @ProjectedPayload interface
				if (parameter.hasParameterAnnotation(Argument.class) || parameter.hasParameterAnnotation(Arguments.class)
						|| parameter.getParameterType().getName().equals(ARGUMENT_VALUE)
						|| isProjectedPayload(parameter.getParameterType())) {
					String property = publicIdPropertyIn(type, new HashSet<>());
					if (property != null) {
						throw refused(method, parameter, "binds " + property + ", which is @PublicId,");
					}
				}
			}
		}
	}

	/**
	 * {@code @SchemaMapping} and its shortcuts, {@code @BatchMapping}, federation's {@code @EntityMapping}: any
	 * annotation of Spring for GraphQL's on the method (Spring MVC handlers of the same controller are not GraphQL's).
	 */
	private static boolean isGraphQlHandler(Method method) {
		if (AnnotatedElementUtils.hasAnnotation(method, SchemaMapping.class)
				|| AnnotatedElementUtils.hasAnnotation(method, BatchMapping.class)) {
			return true;
		}
		return MergedAnnotations.from(method, SearchStrategy.TYPE_HIERARCHY).stream()
			.anyMatch((annotation) -> annotation.getType().getName().startsWith("org.springframework.graphql."));
	}

	/** Spring Data's {@code @ProjectedPayload} interfaces, which Spring for GraphQL binds from the arguments. */
	private static boolean isProjectedPayload(Class<?> type) {
		return MergedAnnotations.from(type, SearchStrategy.TYPE_HIERARCHY).stream()
			.anyMatch((annotation) -> annotation.getType().getName().equals("org.springframework.data.web.ProjectedPayload"));
	}

	private static IllegalStateException refused(Method method, MethodParameter parameter, String what) {
		return new IllegalStateException("Parameter '" + parameter.getParameterName() + "' of GraphQL controller method "
				+ method + " " + what + " and is not supported: Spring for GraphQL binds arguments itself and would "
				+ "take the raw id where a token was promised. Take the token as a String (@Argument String id) and "
				+ "decode it with the PublicIdCodec bean (codec.forDomain(domain).decode(id))");
	}

	/**
	 * The first {@code @PublicId} field or accessor of what binding the type fills (its own, its superclasses', its
	 * properties' types' and its elements' for collections, arrays and generic wrappers), as "Type.property";
	 * {@code null} if none.
	 */
	private static String publicIdPropertyIn(ResolvableType type, Set<Class<?>> seen) {
		for (ResolvableType generic : type.getGenerics()) {
			String found = publicIdPropertyIn(generic, seen);
			if (found != null) {
				return found;
			}
		}
		if (type.isArray()) {
			return publicIdPropertyIn(type.getComponentType(), seen);
		}
		Class<?> raw = type.resolve();
		if (raw == null || raw.isPrimitive() || raw.isEnum() || raw.getName().startsWith("java.") || !seen.add(raw)) {
			return null;
		}
		for (Class<?> current = raw; current != null && current != Object.class; current = current.getSuperclass()) {
			for (Field field : current.getDeclaredFields()) {
				if (Modifier.isStatic(field.getModifiers())) {
					continue;
				}
				if (field.isAnnotationPresent(PublicId.class)) {
					return current.getSimpleName() + "." + field.getName();
				}
				String nested = publicIdPropertyIn(ResolvableType.forField(field, type), seen);
				if (nested != null) {
					return nested;
				}
			}
			for (Method accessor : current.getDeclaredMethods()) {
				if (accessor.isAnnotationPresent(PublicId.class) || annotatedParameter(accessor.getParameterAnnotations())) {
					return current.getSimpleName() + "." + accessor.getName() + "()";
				}
			}
			for (Constructor<?> constructor : current.getDeclaredConstructors()) {
				if (annotatedParameter(constructor.getParameterAnnotations())) {
					return "a constructor parameter of " + current.getSimpleName();
				}
			}
		}
		return null;
	}

	private static boolean annotatedParameter(Annotation[][] parameters) {
		for (Annotation[] annotations : parameters) {
			for (Annotation annotation : annotations) {
				if (annotation.annotationType() == PublicId.class) {
					return true;
				}
			}
		}
		return false;
	}
}
