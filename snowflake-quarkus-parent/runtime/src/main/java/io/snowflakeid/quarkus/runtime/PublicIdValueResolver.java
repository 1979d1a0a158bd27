package io.snowflakeid.quarkus.runtime;

import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;

import io.quarkus.qute.CompletedStage;
import io.quarkus.qute.EvalContext;
import io.quarkus.qute.ValueResolver;
import io.snowflakeid.hibernate.internal.PublicIdJson;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.inject.Singleton;

/**
 * A {@code @PublicId} property in a Qute template ({@code {order.id}}, {@code {order.getId()}}, in loops, lets and
 * arguments alike) renders as its token, never the raw id. Qute reads properties itself, past Jackson and JSON-B:
 * the reflection resolver (priority -1) and the resolvers the build generates for type-safe templates and
 * {@code @TemplateData} (at most 10) would print the number. This one is asked first (priority 100) for every
 * property of a class with a {@code @PublicId} member of that name, and fails the rendering where it cannot give a
 * token (no key, a value that is no id, a shape it does not know). Registered by the build where the application has
 * Qute; the build refuses what no resolver sees ({@code @PublicId} on static members and on template records).
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

	/** The key of a call with arguments ({@code {o.idOf('x')}}), apart from the property of the same name. */
	private static final String WITH_ARGUMENTS = "(...)";

	/** The key of a refusal of every property of a class (a {@code @PublicId} whose property cannot be told). */
	private static final String EVERY_PROPERTY = "*";

	@Override
	public boolean appliesTo(EvalContext context) {
		Object base = context.getBase();
		return base != null && accessor(MEMBERS.get(base.getClass()), context) != null;
	}

	private static Accessor accessor(Map<String, Accessor> members, EvalContext context) {
		Accessor every = members.get(EVERY_PROPERTY);
		if (every != null) {
			return every;
		}
		return members.get(context.getParams().isEmpty() ? context.getName() : context.getName() + WITH_ARGUMENTS);
	}

	@Override
	public CompletionStage<Object> resolve(EvalContext context) {
		Accessor accessor = accessor(MEMBERS.get(context.getBase().getClass()), context);
		if (accessor.member() == null) {
			return CompletedStage.failure(new IllegalStateException(accessor.refusal()));
		}
		String where = accessor.member().getDeclaringClass().getName() + "." + accessor.member().getName()
				+ " in a Qute template";
		try {
			return CompletedStage.of(tokens(accessor.read(context.getBase()), accessor.domain(), where));
		}
		catch (RuntimeException ex) {
			return CompletedStage.failure(ex);
		}
	}

	/** The token of an id, or the tokens of a collection, array or {@code Optional} of ids, as the Jackson module writes them. */
	private static Object tokens(Object raw, String domain, String where) {
		if (raw == null) {
			return null;
		}
		if (raw instanceof Optional<?> optional) {
			return optional.map((value) -> tokens(value, domain, where));
		}
		if (raw instanceof Collection<?> values) {
			List<Object> tokens = new ArrayList<>(values.size());
			values.forEach((value) -> tokens.add(tokens(value, domain, where)));
			return tokens;
		}
		if (raw.getClass().isArray()) {
			List<Object> tokens = new ArrayList<>();
			for (int i = 0; i < Array.getLength(raw); i++) {
				tokens.add(tokens(Array.get(raw, i), domain, where));
			}
			return tokens;
		}
		PublicIdCodec codec = QuarkusPublicIds.requiredCodec().forDomain(domain);
		return codec.encode(PublicIdJson.idOf(raw, where)); // a map, or anything else: refused there, named
	}

	/**
	 * The names a template reaches each {@code @PublicId} property of {@code type} by (its class, superclasses and
	 * interfaces), whichever member carries the annotation (field, getter, setter, constructor parameter, record
	 * component): the property's name, the getter's name and the name Qute gives that getter ({@code getXRef} is
	 * {@code XRef}). A {@code @PublicId} method with parameters that is no setter is mapped to a refusal of calls with
	 * arguments: Qute would call it and print what it returns.
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
					property(type, current, field.getName(), publicId, members);
				}
			}
			for (Method method : current.getDeclaredMethods()) {
				PublicId publicId = method.getAnnotation(PublicId.class);
				if (publicId == null || Modifier.isStatic(method.getModifiers()) || method.isSynthetic()) {
					continue;
				}
				String setterProperty = (method.getParameterCount() == 1) ? propertyOf(method) : null;
				if (method.getParameterCount() == 0 && method.getReturnType() != void.class) {
					// the annotated getter itself (a virtual call: an override in the rendered class is the one run)
					Accessor accessor = new Accessor(method, publicId.value(), null);
					members.putIfAbsent(method.getName(), accessor);
					String property = propertyOf(method);
					if (property != null) {
						members.putIfAbsent(property, accessor);
					}
				}
				else if (setterProperty != null) {
					property(type, current, setterProperty, publicId, members);
				}
				else {
					members.putIfAbsent(method.getName() + WITH_ARGUMENTS, new Accessor(null, publicId.value(),
							"@PublicId on " + current.getName() + "." + method.getName() + "(...), a method with"
									+ " parameters, is not rendered in Qute templates (only properties are): render a"
									+ " property, or encode with PublicIdCodec"));
				}
			}
			for (Constructor<?> constructor : current.getDeclaredConstructors()) {
				for (Parameter parameter : constructor.getParameters()) {
					PublicId publicId = parameter.getAnnotation(PublicId.class);
					if (publicId == null) {
						continue;
					}
					if (!parameter.isNamePresent()) {
						// which property it means cannot be told (the build refuses this where it sees it): every
						// property of the class fails, naming the fix
						return Map.of(EVERY_PROPERTY, new Accessor(null, publicId.value(), "@PublicId on a constructor"
								+ " parameter of " + current.getName() + " whose name is not compiled in: a Qute template"
								+ " cannot tell its property; put @PublicId on the field or getter too (Kotlin:"
								+ " @get:PublicId), or compile with -parameters"));
					}
					property(type, current, parameter.getName(), publicId, members);
				}
			}
			if (current.getSuperclass() != null) {
				pending.add(current.getSuperclass());
			}
			pending.addAll(List.of(current.getInterfaces()));
		}
		return Map.copyOf(members);
	}

	/** The names of property {@code name}, read through {@code type}'s public getter, else a field of {@code owner}. */
	private static void property(Class<?> type, Class<?> owner, String name, PublicId publicId,
			Map<String, Accessor> members) {
		Method getter = publicGetter(type, name);
		Member member = (getter != null) ? getter : field(owner, name);
		if (member == null) {
			return; // a setter or parameter without anything to read: nothing a template can print
		}
		Accessor accessor = new Accessor(member, publicId.value(), null);
		members.putIfAbsent(name, accessor);
		if (getter != null) {
			members.putIfAbsent(getter.getName(), accessor);
			String qute = propertyOf(getter);
			if (qute != null) {
				members.putIfAbsent(qute, accessor);
			}
		}
		else {
			members.putIfAbsent("get" + capitalized(name), accessor);
		}
	}

	private static Method publicGetter(Class<?> type, String property) {
		for (String prefix : new String[] { "get", "is" }) {
			try {
				Method getter = type.getMethod(prefix + capitalized(property));
				if (getter.getReturnType() != void.class) {
					return getter;
				}
			}
			catch (NoSuchMethodException ex) {
				// the next prefix
			}
		}
		try {
			Method accessor = type.getMethod(property); // a record component's accessor
			return (accessor.getReturnType() != void.class) ? accessor : null;
		}
		catch (NoSuchMethodException ex) {
			return null;
		}
	}

	private static Field field(Class<?> owner, String name) {
		for (Class<?> current = owner; current != null && current != Object.class; current = current.getSuperclass()) {
			try {
				return current.getDeclaredField(name);
			}
			catch (NoSuchFieldException ex) {
				// the superclass
			}
		}
		return null;
	}

	/**
	 * The property a getter or setter stands for, as Qute (and {@code java.beans}) name it: {@code getId} and
	 * {@code setId} are {@code id}, {@code getXRef} is {@code XRef}, {@code getid} is {@code id}; null for any
	 * other method.
	 */
	private static String propertyOf(Method method) {
		String name = method.getName();
		String rest = null;
		if (method.getParameterCount() == 0 && method.getReturnType() != void.class) {
			rest = name.startsWith("get") ? name.substring(3) : name.startsWith("is") ? name.substring(2) : null;
		}
		else if (method.getParameterCount() == 1 && name.startsWith("set")) {
			rest = name.substring(3);
		}
		return (rest == null || rest.isEmpty()) ? null : PropertyNames.decapitalized(rest);
	}

	private static String capitalized(String name) {
		return Character.toUpperCase(name.charAt(0)) + name.substring(1);
	}

	/** How one {@code @PublicId} property is read, and its domain; or, without a member, why it is refused. */
	record Accessor(Member member, String domain, String refusal) {

		Accessor {
			if (member != null) {
				((AccessibleObject) member).trySetAccessible(); // a private field or getter of the application's class
			}
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
