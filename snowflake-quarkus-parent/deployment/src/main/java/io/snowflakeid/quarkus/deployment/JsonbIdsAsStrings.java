package io.snowflakeid.quarkus.deployment;

import java.util.HashSet;
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

/**
 * Ids as JSON strings with JSON-B. JSON-B cannot choose a serializer per property at run time (its config only takes
 * serializers per type, and not every {@code Long} is an id), so the build annotates each {@code @SnowflakeId Long}
 * field, getter and setter of the index with {@code @JsonbTypeSerializer}/{@code @JsonbTypeDeserializer} of the
 * runtime's classes, as a user would by hand. A property that already has either, or {@code @JsonbNumberFormat}, is
 * the application's choice and left alone.
 */
final class JsonbIdsAsStrings {

	private static final DotName SNOWFLAKE_ID = DotName.createSimple("io.snowflakeid.hibernate.SnowflakeId");

	private static final Set<DotName> OWN_CHOICE = Set.of(
			DotName.createSimple("jakarta.json.bind.annotation.JsonbTypeSerializer"),
			DotName.createSimple("jakarta.json.bind.annotation.JsonbTypeDeserializer"),
			DotName.createSimple("jakarta.json.bind.annotation.JsonbNumberFormat"));

	private static final String SERIALIZE = "Ljakarta/json/bind/annotation/JsonbTypeSerializer;";

	private static final String DESERIALIZE = "Ljakarta/json/bind/annotation/JsonbTypeDeserializer;";

	private static final org.objectweb.asm.Type SERIALIZER = org.objectweb.asm.Type
		.getObjectType("io/snowflakeid/quarkus/runtime/SnowflakeIdJsonbSerializer");

	private static final org.objectweb.asm.Type DESERIALIZER = org.objectweb.asm.Type
		.getObjectType("io/snowflakeid/quarkus/runtime/SnowflakeIdJsonbDeserializer");

	private JsonbIdsAsStrings() {
	}

	/** Per class name: the fields (by name) and methods (by name and descriptor) to annotate. */
	static Map<String, Set<String>> targets(IndexView index) {
		Map<String, Set<String>> targets = new TreeMap<>();
		for (AnnotationInstance use : index.getAnnotations(SNOWFLAKE_ID)) {
			AnnotationTarget target = use.target();
			if (target.kind() == AnnotationTarget.Kind.FIELD) {
				FieldInfo field = target.asField();
				if (isId(field.type()) && !ownChoice(target)) {
					targets.computeIfAbsent(field.declaringClass().name().toString(), (name) -> new HashSet<>())
						.add(field.name());
				}
			}
			else if (target.kind() == AnnotationTarget.Kind.METHOD) {
				MethodInfo method = target.asMethod();
				boolean getter = method.parametersCount() == 0 && isId(method.returnType());
				boolean setter = method.parametersCount() == 1 && isId(method.parameterType(0));
				if ((getter || setter) && !ownChoice(target)) {
					targets.computeIfAbsent(method.declaringClass().name().toString(), (name) -> new HashSet<>())
						.add(method.name() + method.descriptor());
				}
			}
		}
		return targets;
	}

	/** The transformation of one class: adds both annotations to the members {@link #targets} found. */
	static BiFunction<String, ClassVisitor, ClassVisitor> annotating(Set<String> members) {
		return (className, next) -> new ClassVisitor(Gizmo.ASM_API_VERSION, next) {

			@Override
			public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
				FieldVisitor field = super.visitField(access, name, descriptor, signature, value);
				if (members.contains(name)) {
					annotate(field.visitAnnotation(SERIALIZE, true), SERIALIZER);
					annotate(field.visitAnnotation(DESERIALIZE, true), DESERIALIZER);
				}
				return field;
			}

			@Override
			public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
					String[] exceptions) {
				MethodVisitor method = super.visitMethod(access, name, descriptor, signature, exceptions);
				if (!members.contains(name + descriptor)) {
					return method;
				}
				annotate(method.visitAnnotation(SERIALIZE, true), SERIALIZER);
				annotate(method.visitAnnotation(DESERIALIZE, true), DESERIALIZER);
				// A visitor of our own in between: handed ASM's MethodWriter directly, the ClassReader would copy
				// the method's original bytes, annotations included, and drop the two just added.
				return new MethodVisitor(Gizmo.ASM_API_VERSION, method) {
				};
			}
		};
	}

	private static void annotate(AnnotationVisitor annotation, org.objectweb.asm.Type value) {
		annotation.visit("value", value);
		annotation.visitEnd();
	}

	private static boolean isId(Type type) {
		return type.name().equals(DotName.createSimple(Long.class)) || type.name().toString().equals("long");
	}

	private static boolean ownChoice(AnnotationTarget target) {
		return OWN_CHOICE.stream().anyMatch(target::hasDeclaredAnnotation);
	}
}
