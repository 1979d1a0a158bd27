package io.snowflakeid.quarkus.deployment;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.MethodParameterInfo;
import org.jboss.jandex.Type;

/**
 * The {@code @PublicId} uses of the application's index, and those this extension cannot turn into tokens: a
 * parameter it does not convert (not a Quarkus REST parameter, nor a constructor's, which JSON reads), a parameter of
 * another type than {@code Long}, {@code long} or {@code String}, and, with JSON-B, what its serializers cannot do.
 * Each would take or send the raw id where a token is promised, so each fails the build, named.
 */
final class PublicIdUses {

	static final DotName PUBLIC_ID = DotName.createSimple("io.snowflakeid.publicid.PublicId");

	/** The parameter annotations of JAX-RS and Quarkus REST whose values {@code ParamConverter}s convert. */
	private static final Set<DotName> REST_PARAMETERS = Set.of(
			DotName.createSimple("jakarta.ws.rs.PathParam"), DotName.createSimple("jakarta.ws.rs.QueryParam"),
			DotName.createSimple("jakarta.ws.rs.HeaderParam"), DotName.createSimple("jakarta.ws.rs.FormParam"),
			DotName.createSimple("jakarta.ws.rs.MatrixParam"), DotName.createSimple("jakarta.ws.rs.CookieParam"),
			DotName.createSimple("org.jboss.resteasy.reactive.RestPath"),
			DotName.createSimple("org.jboss.resteasy.reactive.RestQuery"),
			DotName.createSimple("org.jboss.resteasy.reactive.RestForm"),
			DotName.createSimple("org.jboss.resteasy.reactive.RestHeader"),
			DotName.createSimple("org.jboss.resteasy.reactive.RestMatrix"),
			DotName.createSimple("org.jboss.resteasy.reactive.RestCookie"));

	private static final DotName REST_CLIENT = DotName
		.createSimple("org.eclipse.microprofile.rest.client.inject.RegisterRestClient");

	private static final Set<DotName> JSONB_OWN = Set.of(
			DotName.createSimple("jakarta.json.bind.annotation.JsonbTypeSerializer"),
			DotName.createSimple("jakarta.json.bind.annotation.JsonbTypeDeserializer"),
			DotName.createSimple("jakarta.json.bind.annotation.JsonbNumberFormat"),
			DotName.createSimple("jakarta.json.bind.annotation.JsonbTypeAdapter"));

	private static final Set<DotName> ID_TYPES = Set.of(DotName.createSimple(Long.class),
			DotName.createSimple(String.class), DotName.createSimple("long"));

	final Set<String> uses = new TreeSet<>();

	final Set<String> domains = new TreeSet<>();

	final List<String> refused = new ArrayList<>();

	/** Where a use turned JSON-B's way would be: the fields and accessors {@link JsonbIdsAsStrings} annotates. */
	final List<AnnotationInstance> jsonbTargets = new ArrayList<>();

	static PublicIdUses of(IndexView index, boolean rest, boolean jsonb) {
		PublicIdUses found = new PublicIdUses();
		for (AnnotationInstance use : index.getAnnotations(PUBLIC_ID)) {
			String where = SnowflakeProcessor.describe(use);
			found.uses.add(where);
			AnnotationValue domain = use.value();
			if (domain != null && !domain.asString().isEmpty()) {
				found.domains.add(domain.asString());
			}
			if (use.target().kind() == AnnotationTarget.Kind.METHOD_PARAMETER) {
				found.parameter(use.target().asMethodParameter(), where, rest, jsonb);
			}
			else if (jsonb) {
				found.jsonb(use, where);
			}
		}
		return found;
	}

	private void parameter(MethodParameterInfo parameter, String where, boolean rest, boolean jsonb) {
		boolean constructor = parameter.method().name().equals("<init>");
		boolean restParameter = REST_PARAMETERS.stream().anyMatch(parameter::hasDeclaredAnnotation);
		if (constructor) {
			if (jsonb) {
				this.refused.add(where + ": JSON-B reads constructor parameters without this extension's"
						+ " deserializer; with JSON-B, put @PublicId on fields or setters (or use Jackson)");
			}
		}
		else if (!restParameter) {
			this.refused.add(where + ": only Quarkus REST parameters (@PathParam, @QueryParam, @RestPath, ...) and"
					+ " constructor parameters read by JSON turn tokens into ids");
		}
		else if (!rest) {
			this.refused.add(where + ": a REST parameter without Quarkus REST (io.quarkus:quarkus-rest)");
		}
		else if (parameter.method().declaringClass().hasDeclaredAnnotation(REST_CLIENT)) {
			this.refused.add(where + ": parameters of REST clients are not converted yet; encode the token with"
					+ " PublicIdCodec and pass a String");
		}
		else if (!ID_TYPES.contains(parameter.type().name())) {
			this.refused.add(where + " (" + parameter.type() + "): allowed Long, long and String (a decimal id)");
		}
	}

	/** JSON-B: a field, getter or setter of {@code Long}, {@code long} or {@code String}, in the default domain. */
	private void jsonb(AnnotationInstance use, String where) {
		AnnotationTarget target = use.target();
		Type type = switch (target.kind()) {
			case FIELD -> target.asField().type();
			case METHOD -> (target.asMethod().parametersCount() == 0) ? target.asMethod().returnType()
					: (target.asMethod().parametersCount() == 1) ? target.asMethod().parameterType(0) : null;
			default -> null; // a record component: its field, accessor and constructor parameter are checked
		};
		if (target.kind() == AnnotationTarget.Kind.RECORD_COMPONENT) {
			return;
		}
		if (type == null || !ID_TYPES.contains(type.name())) {
			this.refused.add(where + ((type != null) ? " (" + type + ")" : "") + ": with JSON-B, @PublicId is supported"
					+ " on Long, long and String fields, getters and setters (Jackson supports more shapes)");
		}
		else if (JSONB_OWN.stream().anyMatch(target::hasDeclaredAnnotation)) {
			this.refused.add(where + ": a JSON-B type or number annotation of its own would write the raw id; remove it");
		}
		else if (use.value() != null && !use.value().asString().isEmpty()) {
			this.refused.add(where + ": with JSON-B, @PublicId(\"" + use.value().asString() + "\") domains are not"
					+ " supported (Jackson supports them)");
		}
		else {
			this.jsonbTargets.add(use);
		}
	}
}
