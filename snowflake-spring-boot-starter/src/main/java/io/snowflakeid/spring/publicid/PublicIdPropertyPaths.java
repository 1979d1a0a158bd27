package io.snowflakeid.spring.publicid;

import java.beans.PropertyDescriptor;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.snowflakeid.publicid.PublicId;

import org.springframework.beans.BeanUtils;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ConcurrentReferenceHashMap;
import org.springframework.util.ReflectionUtils;

/**
 * Every {@code @PublicId} property path of a bound object's type, as Spring's data binder names them:
 * {@code id}, {@code customer.id}, {@code lines.product} (which also covers {@code lines[0].product} and
 * {@code lines[key].product}: the binder strips indexes when it looks up an editor by path). The annotation counts on
 * the field, the getter, the setter or the record component (an overridden getter or setter keeps it). Why paths and
 * not the {@code Long} type: a type-wide editor would turn every {@code Long} of the form into a token. Shapes that
 * no finite set of paths covers fail closed, naming the property: a {@code @PublicId} reachable through a cycle of
 * types ({@code parent.parent.id}), or on a type other than {@code Long}/{@code long}.
 */
final class PublicIdPropertyPaths {

	/** A {@code @PublicId} property: where, its type ({@code Long} or {@code long}), and its domain. */
	record Target(String path, Class<?> type, String domain) {
	}

	private static final Map<Class<?>, List<Target>> cache = new ConcurrentReferenceHashMap<>();

	private PublicIdPropertyPaths() {
	}

	/** The {@code @PublicId} paths of {@code type}, cached (the scan is reflection). */
	static List<Target> of(Class<?> type) {
		List<Target> known = cache.get(type);
		if (known == null) {
			Scan scan = new Scan(type);
			scan.scan(type, "", true);
			known = scan.targets();
			cache.put(type, known);
		}
		return known;
	}

	/** One scan of a bound type. */
	private static final class Scan {

		private final Class<?> root;

		private final Deque<Class<?>> stack = new ArrayDeque<>();

		private final List<Target> found = new ArrayList<>();

		/**
		 * Spring converts a constructor argument by its name alone ({@code TypeConverterSupport} passes the
		 * parameter's name as the property path): {@code customer.id} of a constructor-bound {@code customer} is
		 * looked up as {@code id}, like a top-level {@code id}. Each such name, with what each place it names wants
		 * ({@code @PublicId} of a domain, or a plain number), so that two wishes for one name fail rather than one of
		 * them being quietly applied to the other.
		 */
		private final Map<String, Map<String, String>> byName = new LinkedHashMap<>();

		Scan(Class<?> root) {
			this.root = root;
		}

		void scan(Class<?> type, String prefix, boolean constructed) {
			this.stack.push(type);
			for (Property property : properties(type)) {
				String path = prefix + property.name();
				PublicId publicId = property.publicId(this.root, path);
				boolean number = property.type() == Long.class || property.type() == long.class;
				if (number && (prefix.isEmpty() || (constructed && property.constructorArgument()))) {
					this.byName.computeIfAbsent(property.name(), (name) -> new LinkedHashMap<>())
						.putIfAbsent((publicId != null) ? "@PublicId(\"" + publicId.value() + "\")" : "a plain number",
								path);
				}
				if (publicId != null) {
					if (!number) {
						throw new IllegalStateException("@PublicId on property '" + path + "' of " + this.root.getName()
								+ ", a bound object: only Long and long properties are decoded from tokens, not "
								+ property.type().getName());
					}
					this.found.add(new Target(path, property.type(), publicId.value()));
					continue;
				}
				Class<?> nested = property.nestedBean();
				if (nested == null) {
					continue;
				}
				if (this.stack.contains(nested)) {
					if (reachesPublicId(nested, new HashSet<>())) {
						throw new IllegalStateException("@PublicId in a cycle of types: property '" + path + "' of "
								+ this.root.getName() + ", a bound object, leads back to " + nested.getName()
								+ ", which has @PublicId properties: no finite set of paths covers them, and an "
								+ "uncovered one would bind a raw id. Bind a form without the cycle.");
					}
					continue;
				}
				// Elements of a constructed list are constructed too (Spring 6.2+): their arguments count by name.
				scan(nested, path + ".", constructed && property.constructorArgument());
			}
			this.stack.pop();
		}

		/** The paths, plus the bare names of nested constructor arguments. */
		List<Target> targets() {
			List<Target> targets = new ArrayList<>(this.found);
			for (Target target : this.found) {
				String name = target.path().substring(target.path().lastIndexOf('.') + 1);
				Map<String, String> wishes = this.byName.get(name);
				if (wishes == null || !wishes.containsValue(target.path())) {
					continue; // not a constructor argument: found by its path
				}
				if (wishes.size() > 1) {
					throw new IllegalStateException("@PublicId on constructor argument '" + target.path() + "' of "
							+ this.root.getName() + ", a bound object: Spring converts constructor arguments by their "
							+ "name alone, and '" + name + "' names " + wishes.keySet() + " at " + wishes.values()
							+ ": rename one");
				}
				if (!target.path().equals(name)) {
					targets.add(new Target(name, target.type(), target.domain()));
				}
			}
			return List.copyOf(targets);
		}
	}

	private static boolean reachesPublicId(Class<?> type, Set<Class<?>> seen) {
		seen.add(type);
		for (Property property : properties(type)) {
			if (property.publicId(type, property.name()) != null) {
				return true;
			}
			Class<?> nested = property.nestedBean();
			if (nested != null && !seen.contains(nested) && reachesPublicId(nested, seen)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * JavaBean properties, fields the binder may reach by direct field access, and constructor arguments (record
	 * components and the parameters of the constructor Spring's binder would call).
	 */
	private static List<Property> properties(Class<?> type) {
		Map<String, Property> properties = new LinkedHashMap<>();
		Constructor<?> constructor = constructor(type);
		if (constructor != null) {
			String[] names = BeanUtils.getParameterNames(constructor);
			Parameter[] parameters = constructor.getParameters();
			for (int i = 0; i < names.length; i++) {
				List<AnnotatedElement> places = new ArrayList<>();
				places.add(parameters[i]);
				if (type.isRecord()) {
					RecordComponent component = type.getRecordComponents()[i];
					places.add(component);
					places.add(component.getAccessor());
				}
				places.add(field(type, names[i]));
				properties.put(names[i], new Property(names[i], parameters[i].getType(),
						ResolvableType.forConstructorParameter(constructor, i, type), places, true));
			}
		}
		for (PropertyDescriptor descriptor : BeanUtils.getPropertyDescriptors(type)) {
			Method read = descriptor.getReadMethod();
			Method write = descriptor.getWriteMethod();
			if (descriptor.getPropertyType() == null || (read != null && read.getDeclaringClass() == Object.class)) {
				continue;
			}
			ResolvableType generic = (read != null) ? ResolvableType.forMethodReturnType(read, type)
					: ResolvableType.forMethodParameter(write, 0, type);
			List<AnnotatedElement> places = new ArrayList<>(Arrays.asList(read, write, field(type, descriptor.getName())));
			Property known = properties.get(descriptor.getName());
			if (known != null) {
				places.addAll(known.places());
			}
			properties.put(descriptor.getName(), new Property(descriptor.getName(), descriptor.getPropertyType(),
					generic, places, known != null));
		}
		ReflectionUtils.doWithFields(type, (field) -> properties.putIfAbsent(field.getName(),
				new Property(field.getName(), field.getType(), ResolvableType.forField(field, type), List.of(field),
						false)),
				(field) -> !Modifier.isStatic(field.getModifiers()) && field.isAnnotationPresent(PublicId.class));
		return List.copyOf(properties.values());
	}

	/**
	 * The constructor Spring's binder calls with arguments ({@code DataBinder#construct}), if it takes any and their
	 * names are known (without them Spring cannot bind through it either).
	 */
	private static Constructor<?> constructor(Class<?> type) {
		if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
			return null;
		}
		try {
			Constructor<?> constructor = BeanUtils.getResolvableConstructor(type);
			return (constructor.getParameterCount() > 0 && BeanUtils.getParameterNames(constructor) != null)
					? constructor : null;
		}
		catch (IllegalStateException ex) {
			return null;
		}
	}

	private static Field field(Class<?> type, String name) {
		Field field = ReflectionUtils.findField(type, name);
		return (field != null && !Modifier.isStatic(field.getModifiers())) ? field : null;
	}

	/** One property and the places its {@code @PublicId} may sit. */
	private record Property(String name, Class<?> type, ResolvableType generic, List<AnnotatedElement> places,
			boolean constructorArgument) {

		/** The annotation, wherever it is; two different domains on one property are refused, not guessed. */
		PublicId publicId(Class<?> root, String path) {
			PublicId found = null;
			for (AnnotatedElement element : this.places) {
				if (element == null) {
					continue;
				}
				PublicId publicId = (element instanceof Method method)
						? AnnotatedElementUtils.findMergedAnnotation(method, PublicId.class)
						: element.getAnnotation(PublicId.class);
				if (publicId != null && found != null && !Objects.equals(found.value(), publicId.value())) {
					throw new IllegalStateException("@PublicId on property '" + path + "' of " + root.getName()
							+ " names two domains (\"" + found.value() + "\" and \"" + publicId.value()
							+ "\"): annotate one place");
				}
				found = (found != null) ? found : publicId;
			}
			return found;
		}

		/** The bean the binder may descend into: the property's own type, or the element of a collection/array/map. */
		Class<?> nestedBean() {
			// Unwrapped to the innermost element: lists[0][1].id is looked up as lists.id too.
			ResolvableType element = this.generic;
			for (Class<?> raw = element.resolve(); raw != null; raw = element.resolve()) {
				if (raw.isArray()) {
					element = element.getComponentType();
				}
				else if (Collection.class.isAssignableFrom(raw)) {
					element = element.asCollection().getGeneric(0);
				}
				else if (Map.class.isAssignableFrom(raw)) {
					element = element.asMap().getGeneric(1);
				}
				else if (raw == Optional.class) {
					element = element.getGeneric(0);
				}
				else {
					return isBean(raw) ? raw : null;
				}
			}
			return null;
		}

		private static boolean isBean(Class<?> type) {
			String name = type.getName();
			return !type.isPrimitive() && !type.isEnum() && !type.isArray() && !BeanUtils.isSimpleValueType(type)
					&& !name.startsWith("java.") && !name.startsWith("javax.") && !name.startsWith("jakarta.");
		}
	}
}
