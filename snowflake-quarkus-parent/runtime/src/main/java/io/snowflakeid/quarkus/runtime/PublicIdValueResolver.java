package io.snowflakeid.quarkus.runtime;

import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;

import io.quarkus.qute.CompletedStage;
import io.quarkus.qute.EvalContext;
import io.quarkus.qute.ValueResolver;
import io.snowflakeid.hibernate.internal.PublicIdJson;
import io.snowflakeid.publicid.PublicId;
import jakarta.inject.Singleton;

/**
 * A {@code @PublicId} property in a Qute template ({@code {order.id}}, {@code {order.getId()}}, in loops, lets and
 * arguments alike) renders as its token, never the raw id. Qute reads properties itself, past Jackson and JSON-B:
 * the reflection resolver (priority -1) and the resolvers the build generates for type-safe templates and
 * {@code @TemplateData} (at most 10) would print the number. This one is asked first (priority 100) for every
 * property of a class with a {@code @PublicId} member of that name, and fails the rendering without a key.
 * Registered by the build when the application has Qute and uses {@code @PublicId}.
 */
@Singleton
public class PublicIdValueResolver implements ValueResolver {

	/** Above the generated resolvers (10), {@code @TemplateExtension}s (5 by default) and the mapper resolver (15). */
	static final int PRIORITY = 100;

	private static final ClassValue<Map<String, Accessor>> MEMBERS = new ClassValue<>() {
		@Override
		protected Map<String, Accessor> computeValue(Class<?> type) {
			return members(type);
		}
	};

	@Override
	public int getPriority() {
		return PRIORITY;
	}

	@Override
	public boolean appliesTo(EvalContext context) {
		Object base = context.getBase();
		return base != null && context.getParams().isEmpty()
				&& MEMBERS.get(base.getClass()).containsKey(context.getName());
	}

	@Override
	public CompletionStage<Object> resolve(EvalContext context) {
		Object base = context.getBase();
		Accessor accessor = MEMBERS.get(base.getClass()).get(context.getName());
		Object raw = accessor.read(base);
		if (raw == null) {
			return CompletedStage.ofNull();
		}
		String where = accessor.member().getDeclaringClass().getName() + "." + accessor.member().getName()
				+ " in a Qute template";
		long id = PublicIdJson.idOf(raw, where);
		return CompletedStage.of(QuarkusPublicIds.requiredCodec().forDomain(accessor.domain()).encode(id));
	}

	/**
	 * The names a template reaches each {@code @PublicId} member of {@code type} by (its class, superclasses and
	 * interfaces): a field {@code id} as {@code id} and {@code getId}; a getter {@code getId()} as {@code getId} and
	 * {@code id}; any other no-argument method by its name.
	 */
	static Map<String, Accessor> members(Class<?> type) {
		Map<String, Accessor> members = new HashMap<>();
		Deque<Class<?>> pending = new ArrayDeque<>();
		Set<Class<?>> seen = new HashSet<>();
		pending.add(type);
		while (!pending.isEmpty()) {
			Class<?> current = pending.poll();
			if (current == Object.class || !seen.add(current)) {
				continue;
			}
			for (Field field : current.getDeclaredFields()) {
				PublicId publicId = field.getAnnotation(PublicId.class);
				if (publicId != null && !Modifier.isStatic(field.getModifiers())) {
					// a getter of the field's first: it initializes a lazy proxy, whose own field is empty
					Method getter = publicGetter(type, field.getName());
					Accessor accessor = new Accessor((getter != null) ? getter : field, publicId.value());
					members.putIfAbsent(field.getName(), accessor);
					members.putIfAbsent("get" + capitalized(field.getName()), accessor);
				}
			}
			for (Method method : current.getDeclaredMethods()) {
				PublicId publicId = method.getAnnotation(PublicId.class);
				if (publicId != null && method.getParameterCount() == 0 && !Modifier.isStatic(method.getModifiers())) {
					Accessor accessor = new Accessor(method, publicId.value());
					members.putIfAbsent(method.getName(), accessor);
					String property = property(method.getName());
					if (property != null) {
						members.putIfAbsent(property, accessor);
					}
				}
			}
			if (current.getSuperclass() != null) {
				pending.add(current.getSuperclass());
			}
			pending.addAll(java.util.List.of(current.getInterfaces()));
		}
		return Map.copyOf(members);
	}

	private static Method publicGetter(Class<?> type, String property) {
		try {
			Method getter = type.getMethod("get" + capitalized(property));
			return (getter.getParameterCount() == 0) ? getter : null;
		}
		catch (NoSuchMethodException ex) {
			return null;
		}
	}

	/** {@code getId} -> {@code id}, as Qute reads a getter's property name; null for any other method. */
	private static String property(String method) {
		if (method.length() > 3 && method.startsWith("get")) {
			String rest = method.substring(3);
			boolean acronym = rest.length() > 1 && Character.isUpperCase(rest.charAt(1));
			return acronym ? rest : Character.toLowerCase(rest.charAt(0)) + rest.substring(1);
		}
		return null;
	}

	private static String capitalized(String name) {
		return Character.toUpperCase(name.charAt(0)) + name.substring(1);
	}

	/** How one {@code @PublicId} member is read, and its domain. */
	record Accessor(Member member, String domain) {

		Accessor {
			((AccessibleObject) member).trySetAccessible(); // a private field or getter of the application's class
		}

		Object read(Object base) {
			try {
				return (this.member instanceof Method method) ? method.invoke(base) : ((Field) this.member).get(base);
			}
			catch (IllegalAccessException ex) {
				throw new IllegalStateException("Cannot read @PublicId " + this.member + " for a Qute template", ex);
			}
			catch (InvocationTargetException ex) {
				throw new IllegalStateException("@PublicId " + this.member + " failed in a Qute template",
						ex.getCause());
			}
		}
	}
}
