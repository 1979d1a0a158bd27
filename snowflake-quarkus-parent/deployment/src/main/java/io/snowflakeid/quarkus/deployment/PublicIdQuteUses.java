package io.snowflakeid.quarkus.deployment;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.snowflakeid.quarkus.runtime.PropertyNames;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.FieldInfo;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.MethodInfo;

/**
 * What the build checks of {@code @PublicId} where the application has Qute, whose templates the runtime's value
 * resolver turns into tokens: the shapes Qute reads past any resolver (static members, template records), what a
 * supertype's unannotated accessor would print (Qute caches the resolver of an expression for every subclass of the
 * class it first met, and a type-safe template's generated resolver reads the declared type's member), and a
 * constructor parameter whose property cannot be told. Also the classes native reflection must open.
 */
final class PublicIdQuteUses {

	private static final DotName TEMPLATE_INSTANCE = DotName.createSimple("io.quarkus.qute.TemplateInstance");

	final List<String> refused = new ArrayList<>();

	/** The classes the resolver reads (the annotated members' classes, their subclasses and implementations). */
	final Set<String> reflective = new LinkedHashSet<>();

	static PublicIdQuteUses of(IndexView index) {
		PublicIdQuteUses found = new PublicIdQuteUses();
		for (AnnotationInstance use : index.getAnnotations(PublicIdUses.PUBLIC_ID)) {
			found.check(index, use);
		}
		return found;
	}

	private void check(IndexView index, AnnotationInstance use) {
		AnnotationTarget target = use.target();
		ClassInfo owner = switch (target.kind()) {
			case FIELD -> target.asField().declaringClass();
			case METHOD -> target.asMethod().declaringClass();
			case METHOD_PARAMETER -> target.asMethodParameter().method().declaringClass();
			case RECORD_COMPONENT -> target.asRecordComponent().declaringClass();
			default -> null;
		};
		if (owner == null) {
			return;
		}
		this.reflective.add(owner.name().toString());
		(owner.isInterface() ? index.getAllKnownImplementors(owner.name()) : index.getAllKnownSubclasses(owner.name()))
			.forEach((type) -> this.reflective.add(type.name().toString()));
		String where = SnowflakeProcessor.describe(use);
		boolean isStatic = (target.kind() == AnnotationTarget.Kind.FIELD && Modifier.isStatic(target.asField().flags()))
				|| (target.kind() == AnnotationTarget.Kind.METHOD && Modifier.isStatic(target.asMethod().flags()));
		if (isStatic) {
			this.refused.add(where + ": a static member, which Qute reads past the token (a template global or"
					+ " extension would print the raw id); remove @PublicId from it, and render an instance's @PublicId"
					+ " property or encode with PublicIdCodec");
			return;
		}
		if (owner.isRecord() && owner.interfaceNames().contains(TEMPLATE_INSTANCE)) {
			this.refused.add(where + ": a component of a template record, which Quarkus puts in the template's data"
					+ " as it is (the raw id); pass an object with a @PublicId property, or the token");
			return;
		}
		String property = property(target);
		if (property == null) {
			return;
		}
		if (target.kind() == AnnotationTarget.Kind.METHOD_PARAMETER) {
			if (target.asMethodParameter().method().name().equals("<init>") && !owner.isRecord()
					&& !annotatedElsewhere(owner, property)) {
				this.refused.add(where + ": @PublicId on a constructor parameter only, which a Qute template does"
						+ " not read (it reads the property '" + property + "'); put @PublicId on its field or getter"
						+ " too (Kotlin: @get:PublicId beside it)");
			}
			return; // other parameters (REST, setters) are no property of their own class here
		}
		String unannotated = unannotatedInSupertypes(index, owner, property);
		if (unannotated != null) {
			this.refused.add(where + ": " + unannotated + " declares the same property without @PublicId, and a Qute"
					+ " template that met a " + unannotated.substring(0, unannotated.lastIndexOf('.')) + " first, or"
					+ " is typed with it, reads the property through it, past the token; put @PublicId there too");
		}
	}

	/** The property an annotated member stands for: a field's name, a getter's or setter's, a parameter's. */
	private static String property(AnnotationTarget target) {
		return switch (target.kind()) {
			case FIELD -> target.asField().name();
			case METHOD -> accessorProperty(target.asMethod());
			case METHOD_PARAMETER -> target.asMethodParameter().name(); // null when not compiled in: a refusal at run time
			default -> null;
		};
	}

	private static String accessorProperty(MethodInfo method) {
		String name = method.name();
		String rest = (name.startsWith("get") || name.startsWith("set")) ? name.substring(3)
				: name.startsWith("is") ? name.substring(2) : null;
		if (rest == null || rest.isEmpty()) {
			return (method.parametersCount() == 0) ? name : null; // a record-style accessor, id()
		}
		return PropertyNames.decapitalized(rest); // the resolver's names, so that both agree
	}

	/** Whether {@code owner} has {@code @PublicId} on the field or a getter of {@code property}. */
	private static boolean annotatedElsewhere(ClassInfo owner, String property) {
		FieldInfo field = owner.field(property);
		if (field != null && field.hasDeclaredAnnotation(PublicIdUses.PUBLIC_ID)) {
			return true;
		}
		for (MethodInfo method : owner.methods()) {
			if (method.parametersCount() == 0 && property.equals(accessorProperty(method))
					&& method.hasDeclaredAnnotation(PublicIdUses.PUBLIC_ID)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * A superclass's or interface's field or getter of {@code property} without {@code @PublicId}, described, or null.
	 * A field is a property to Qute only where it is public.
	 */
	private static String unannotatedInSupertypes(IndexView index, ClassInfo type, String property) {
		for (ClassInfo supertype : PublicIdUses.supertypes(index, type)) {
			FieldInfo field = supertype.field(property);
			if (field != null && Modifier.isPublic(field.flags()) && !Modifier.isStatic(field.flags())
					&& !field.hasDeclaredAnnotation(PublicIdUses.PUBLIC_ID)) {
				return supertype.name() + "." + property;
			}
			for (MethodInfo method : supertype.methods()) {
				if (method.parametersCount() == 0 && !Modifier.isStatic(method.flags())
						&& !method.isSynthetic() && !method.isBridge()
						&& property.equals(accessorProperty(method)) && !method.name().equals("<init>")
						&& !method.hasDeclaredAnnotation(PublicIdUses.PUBLIC_ID)) {
					return supertype.name() + "." + method.name() + "()";
				}
			}
			String further = unannotatedInSupertypes(index, supertype, property);
			if (further != null) {
				return further;
			}
		}
		return null;
	}
}
