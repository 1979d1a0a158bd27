package io.snowflakeid.quarkus.deployment;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;

import io.quarkus.gizmo.Gizmo;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.DotName;
import org.jboss.jandex.FieldInfo;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.MethodInfo;
import org.jboss.jandex.Type;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.RecordComponentVisitor;

/**
 * Ids as JSON strings, and public ids as tokens, with JSON-B. JSON-B cannot choose a serializer per property at run
 * time (its config only takes serializers per type, and not every {@code Long} is an id), so the build annotates each
 * {@code @SnowflakeId Long} field, getter and setter of the index with {@code @JsonbTypeSerializer} and
 * {@code @JsonbTypeDeserializer} of the runtime's classes, as a user would by hand; a {@code @SnowflakeId} property
 * that already has either, {@code @JsonbNumberFormat} or {@code @JsonbTypeAdapter}, is the application's choice and
 * left alone. Each
 * {@code @PublicId} one ({@link PublicIdUses} checked its shape) gets the token's serializers, whatever else it has.
 */
final class JsonbIdsAsStrings {

	private static final DotName SNOWFLAKE_ID = DotName.createSimple("io.snowflakeid.hibernate.SnowflakeId");

	private static final Set<DotName> OWN_CHOICE = Set.of(
			DotName.createSimple("jakarta.json.bind.annotation.JsonbTypeSerializer"),
			DotName.createSimple("jakarta.json.bind.annotation.JsonbTypeDeserializer"),
			DotName.createSimple("jakarta.json.bind.annotation.JsonbNumberFormat"),
			DotName.createSimple("jakarta.json.bind.annotation.JsonbTypeAdapter"));

	private static final String SERIALIZE = "Ljakarta/json/bind/annotation/JsonbTypeSerializer;";

	private static final String DESERIALIZE = "Ljakarta/json/bind/annotation/JsonbTypeDeserializer;";

	private static final DotName PUBLIC_ID = PublicIdUses.PUBLIC_ID;

	/** A snowflake id as a string: in {@code targets}' member sets, a member name alone. */
	private static final String[] ID = { "io/snowflakeid/quarkus/runtime/SnowflakeIdJsonbSerializer",
			"io/snowflakeid/quarkus/runtime/SnowflakeIdJsonbDeserializer" };

	/** A public id as a token: in {@code targets}' member sets, the member name after this mark. */
	private static final String[] TOKEN = { "io/snowflakeid/quarkus/runtime/PublicIdJsonbSerializer",
			"io/snowflakeid/quarkus/runtime/PublicIdJsonbDeserializer" };

	private static final String TOKEN_MARK = "token:";

	/** Ids in a container or behind a type variable: in {@code targets}' member sets, the member name after this mark. */
	private static final String[] VALUES = { "io/snowflakeid/quarkus/runtime/SnowflakeIdValuesJsonbSerializer",
			"io/snowflakeid/quarkus/runtime/SnowflakeIdValuesJsonbDeserializer" };

	private static final String VALUES_MARK = "values:";

	/** The containers of ids the values serializers write and read (with {@code Long} elements). */
	private static final Set<DotName> CONTAINERS = Set.of(DotName.createSimple(java.util.List.class),
			DotName.createSimple(java.util.Collection.class), DotName.createSimple(java.util.Set.class),
			DotName.createSimple(java.util.SortedSet.class), DotName.createSimple(java.util.ArrayList.class),
			DotName.createSimple(java.util.LinkedHashSet.class), DotName.createSimple(java.util.TreeSet.class),
			DotName.createSimple(java.util.HashSet.class), DotName.createSimple(java.util.Optional.class));

	/** The maps of ids the values serializers write and read (with {@code String} keys and {@code Long} values). */
	private static final Set<DotName> MAPS = Set.of(DotName.createSimple(java.util.Map.class),
			DotName.createSimple(java.util.HashMap.class), DotName.createSimple(java.util.LinkedHashMap.class),
			DotName.createSimple(java.util.SortedMap.class), DotName.createSimple(java.util.TreeMap.class));

	private JsonbIdsAsStrings() {
	}

	/**
	 * Per class name: the fields (by name) and methods (by name and descriptor) to annotate, those of public ids
	 * marked.
	 * @param idsAsStrings whether {@code @SnowflakeId} ids are written as strings
	 * @param publicIds the {@code @PublicId} fields and accessors to write as tokens
	 */
	static Map<String, Set<String>> targets(IndexView index, boolean idsAsStrings, List<AnnotationInstance> publicIds) {
		Map<String, Set<String>> targets = new TreeMap<>();
		for (AnnotationInstance use : publicIds) {
			String member = member(use.target());
			if (member != null) {
				targets.computeIfAbsent(className(use.target()), (name) -> new HashSet<>()).add(TOKEN_MARK + member);
			}
		}
		for (AnnotationInstance use : idsAsStrings ? index.getAnnotations(SNOWFLAKE_ID) : List.<AnnotationInstance>of()) {
			AnnotationTarget target = use.target();
			if (target.hasDeclaredAnnotation(PUBLIC_ID)) {
				continue; // a token, above, or refused
			}
			if (ownChoice(target)) {
				continue;
			}
			if (target.kind() == AnnotationTarget.Kind.FIELD) {
				FieldInfo field = target.asField();
				String mark = mark(field.type());
				if (mark != null) {
					targets.computeIfAbsent(field.declaringClass().name().toString(), (name) -> new HashSet<>())
						.add(mark + field.name());
				}
			}
			else if (target.kind() == AnnotationTarget.Kind.METHOD) {
				MethodInfo method = target.asMethod();
				Type type = (method.parametersCount() == 0) ? method.returnType()
						: (method.parametersCount() == 1) ? method.parameterType(0) : null;
				String mark = (type != null && type.kind() != Type.Kind.VOID) ? mark(type) : null;
				if (mark != null) {
					targets.computeIfAbsent(method.declaringClass().name().toString(), (name) -> new HashSet<>())
						.add(mark + method.name() + method.descriptor());
				}
			}
		}
		return targets;
	}

	/**
	 * The {@code @SnowflakeId} fields and accessors of a container type this class does not write (another map or
	 * collection type, a map keyed by another type, nested containers), described: JSON-B writes their ids as numbers.
	 */
	static List<String> unconverted(IndexView index) {
		List<String> unconverted = new ArrayList<>();
		for (AnnotationInstance use : index.getAnnotations(SNOWFLAKE_ID)) {
			AnnotationTarget target = use.target();
			if (target.hasDeclaredAnnotation(PUBLIC_ID) || ownChoice(target)) {
				continue;
			}
			Type type = switch (target.kind()) {
				case FIELD -> target.asField().type();
				case METHOD -> (target.asMethod().parametersCount() == 0) ? target.asMethod().returnType()
						: (target.asMethod().parametersCount() == 1) ? target.asMethod().parameterType(0) : null;
				default -> null;
			};
			boolean container = type != null
					&& (type.kind() == Type.Kind.PARAMETERIZED_TYPE || type.kind() == Type.Kind.ARRAY);
			if (container && mark(type) == null) {
				unconverted.add(className(target) + "." + ((target.kind() == AnnotationTarget.Kind.FIELD)
						? target.asField().name() : target.asMethod().name() + "()") + " (" + type + ")");
			}
		}
		unconverted.sort(null);
		return unconverted;
	}

	private static String member(AnnotationTarget target) {
		return switch (target.kind()) {
			case FIELD -> target.asField().name();
			case METHOD -> target.asMethod().name() + target.asMethod().descriptor();
			default -> null;
		};
	}

	private static String className(AnnotationTarget target) {
		return (target.kind() == AnnotationTarget.Kind.FIELD) ? target.asField().declaringClass().name().toString()
				: target.asMethod().declaringClass().name().toString();
	}

	/** The transformation of one class: adds both annotations to the members {@link #targets} found. */
	static BiFunction<String, ClassVisitor, ClassVisitor> annotating(Set<String> members) {
		return (className, next) -> new ClassVisitor(Gizmo.ASM_API_VERSION, next) {

			/** A record's components, in order: JSON-B builds a record through its canonical constructor. */
			private final List<String[]> components = new ArrayList<>();

			@Override
			public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
				FieldVisitor field = super.visitField(access, name, descriptor, signature, value);
				String[] serializers = serializers(members, name);
				if (serializers != null) {
					annotate(field.visitAnnotation(SERIALIZE, true), serializers[0]);
					annotate(field.visitAnnotation(DESERIALIZE, true), serializers[1]);
				}
				return field;
			}

			@Override
			public RecordComponentVisitor visitRecordComponent(String name, String descriptor, String signature) {
				this.components.add(new String[] { name, descriptor });
				return super.visitRecordComponent(name, descriptor, signature);
			}

			@Override
			public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
					String[] exceptions) {
				MethodVisitor method = super.visitMethod(access, name, descriptor, signature, exceptions);
				if (name.equals("<init>") && !this.components.isEmpty() && descriptor.equals(canonical())) {
					return canonicalConstructor(method);
				}
				String[] serializers = serializers(members, name + descriptor);
				if (serializers == null) {
					return method;
				}
				annotate(method.visitAnnotation(SERIALIZE, true), serializers[0]);
				annotate(method.visitAnnotation(DESERIALIZE, true), serializers[1]);
				// A visitor of our own in between: handed ASM's MethodWriter directly, the ClassReader would copy
				// the method's original bytes, annotations included, and drop the two just added.
				return new MethodVisitor(Gizmo.ASM_API_VERSION, method) {
				};
			}

			private String canonical() {
				StringBuilder descriptor = new StringBuilder("(");
				this.components.forEach((component) -> descriptor.append(component[1]));
				return descriptor.append(")V").toString();
			}

			/** The deserializer on each parameter whose component is an id: what JSON-B reads a record with. */
			private MethodVisitor canonicalConstructor(MethodVisitor method) {
				boolean any = false;
				for (int i = 0; i < this.components.size(); i++) {
					String[] serializers = serializers(members, this.components.get(i)[0]);
					if (serializers != null) {
						annotate(method.visitParameterAnnotation(i, DESERIALIZE, true), serializers[1]);
						any = true;
					}
				}
				return any ? new MethodVisitor(Gizmo.ASM_API_VERSION, method) {
				} : method;
			}
		};
	}

	private static String[] serializers(Set<String> members, String member) {
		return members.contains(TOKEN_MARK + member) ? TOKEN : members.contains(member) ? ID
				: members.contains(VALUES_MARK + member) ? VALUES : null;
	}

	/**
	 * How a {@code @SnowflakeId} member of this type is written: "" for one id ({@code Long}, {@code long}),
	 * {@link #VALUES_MARK} for ids in a container ({@code List<Long>}, {@code Long[]}, {@code Optional<Long>},
	 * {@code Map<String, Long>}, ...) or
	 * behind a type variable, null for what is no id (left to JSON-B, as the Jackson modules leave it).
	 */
	private static String mark(Type type) {
		if (isId(type)) {
			return "";
		}
		boolean values = switch (type.kind()) {
			case TYPE_VARIABLE -> true;
			case ARRAY -> type.asArrayType().deepDimensions() == 1 && isId(type.asArrayType().elementType());
			case PARAMETERIZED_TYPE -> (CONTAINERS.contains(type.name())
					&& type.asParameterizedType().arguments().size() == 1
					&& type.asParameterizedType().arguments().get(0).name().equals(DotName.createSimple(Long.class)))
					|| (MAPS.contains(type.name()) && type.asParameterizedType().arguments().size() == 2
							&& type.asParameterizedType().arguments().get(0).name().equals(DotName.createSimple(String.class))
							&& type.asParameterizedType().arguments().get(1).name().equals(DotName.createSimple(Long.class)));
			default -> false;
		};
		return values ? VALUES_MARK : null;
	}

	private static void annotate(AnnotationVisitor annotation, String serializer) {
		annotation.visit("value", org.objectweb.asm.Type.getObjectType(serializer));
		annotation.visitEnd();
	}

	private static boolean isId(Type type) {
		return type.name().equals(DotName.createSimple(Long.class)) || type.name().toString().equals("long");
	}

	private static boolean ownChoice(AnnotationTarget target) {
		return OWN_CHOICE.stream().anyMatch(target::hasDeclaredAnnotation);
	}
}
