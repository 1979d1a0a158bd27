package io.snowflakeid.quarkus.deployment;

import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.FieldInfo;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.MethodInfo;
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

	/** What makes a method's return value the web layer's to write: JAX-RS resource methods and Vert.x routes. */
	private static final Set<DotName> ENDPOINT_ANNOTATIONS = Set.of(DotName.createSimple("jakarta.ws.rs.GET"),
			DotName.createSimple("jakarta.ws.rs.POST"), DotName.createSimple("jakarta.ws.rs.PUT"),
			DotName.createSimple("jakarta.ws.rs.DELETE"), DotName.createSimple("jakarta.ws.rs.PATCH"),
			DotName.createSimple("jakarta.ws.rs.HEAD"), DotName.createSimple("jakarta.ws.rs.OPTIONS"),
			DotName.createSimple("jakarta.ws.rs.Path"), DotName.createSimple("io.quarkus.vertx.web.Route"));

	private static final DotName JSON_CREATOR = DotName.createSimple("com.fasterxml.jackson.annotation.JsonCreator");

	private static final DotName JSONB_CREATOR = DotName.createSimple("jakarta.json.bind.annotation.JsonbCreator");

	private static final DotName CONTEXT_RESOLVER = DotName.createSimple("jakarta.ws.rs.ext.ContextResolver");

	private static final DotName OBJECT_MAPPER = DotName.createSimple("com.fasterxml.jackson.databind.ObjectMapper");

	private static final DotName CLIENT_OBJECT_MAPPER = DotName
		.createSimple("io.quarkus.rest.client.reactive.jackson.ClientObjectMapper");

	/** The resource interfaces of REST Data with Panache (ORM and reactive), whose sub-interfaces it implements. */
	private static final List<DotName> PANACHE_REST_DATA = List.of(
			DotName.createSimple("io.quarkus.hibernate.orm.rest.data.panache.PanacheEntityResource"),
			DotName.createSimple("io.quarkus.hibernate.orm.rest.data.panache.PanacheRepositoryResource"),
			DotName.createSimple("io.quarkus.hibernate.reactive.rest.data.panache.PanacheEntityResource"),
			DotName.createSimple("io.quarkus.hibernate.reactive.rest.data.panache.PanacheRepositoryResource"),
			DotName.createSimple("io.quarkus.mongodb.rest.data.panache.PanacheMongoEntityResource"),
			DotName.createSimple("io.quarkus.mongodb.rest.data.panache.PanacheMongoRepositoryResource"));

	private static final DotName GRAPHQL_API = DotName.createSimple("org.eclipse.microprofile.graphql.GraphQLApi");

	private static final DotName PATH = DotName.createSimple("jakarta.ws.rs.Path");

	private static final DotName BEAN_PARAM = DotName.createSimple("jakarta.ws.rs.BeanParam");

	private static final DotName DEFAULT_VALUE = DotName.createSimple("jakarta.ws.rs.DefaultValue");

	private static final DotName PART_TYPE = DotName.createSimple("org.jboss.resteasy.reactive.PartType");

	/** The parameters a request always carries: a primitive {@code long} there is never defaulted to 0. */
	private static final Set<DotName> PATH_PARAMETERS = Set.of(DotName.createSimple("jakarta.ws.rs.PathParam"),
			DotName.createSimple("org.jboss.resteasy.reactive.RestPath"));

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
				if (!use.target().asMethodParameter().method().isBridge()) { // javac copies the annotations onto bridges
					found.parameter(index, use.target().asMethodParameter(), where, rest, jsonb);
				}
				continue;
			}
			if (use.target().kind() == AnnotationTarget.Kind.METHOD && isEndpoint(use.target().asMethod())) {
				found.refused.add(where + ": the return value of a REST or route method is written by the web layer,"
						+ " not as a JSON property, so the raw id would go out; return an object with a @PublicId"
						+ " property instead");
				continue;
			}
			if (REST_PARAMETERS.stream().anyMatch(use.target()::hasDeclaredAnnotation)) {
				found.restMember(index, use.target(), where, rest);
			}
			else if (use.target().kind() == AnnotationTarget.Kind.FIELD) {
				String accessor = restAccessor(use.target().asField());
				if (accessor != null) {
					found.refused.add(where + ": its REST annotation is on " + accessor + ", whose value nothing"
							+ " converts (a REST client writes it raw); put the REST annotation on the field, beside"
							+ " @PublicId");
				}
			}
			if (jsonb) {
				found.jsonb(index, use, where);
			}
		}
		if (!found.uses.isEmpty()) {
			found.elsewhere(index);
		}
		return found;
	}

	private static boolean isEndpoint(MethodInfo method) {
		return ENDPOINT_ANNOTATIONS.stream().anyMatch(method::hasDeclaredAnnotation);
	}

	/**
	 * What would write the application's objects past this extension's Jackson module, or expose ids of its own:
	 * refused as soon as the application uses {@code @PublicId} at all (they do not see the annotation).
	 */
	private void elsewhere(IndexView index) {
		for (ClassInfo resolver : index.getAllKnownImplementors(CONTEXT_RESOLVER)) {
			boolean ofMapper = resolver.interfaceTypes().stream()
				.filter((type) -> type.name().equals(CONTEXT_RESOLVER) && type.kind() == Type.Kind.PARAMETERIZED_TYPE)
				.flatMap((type) -> type.asParameterizedType().arguments().stream())
				.anyMatch((argument) -> argument.name().equals(OBJECT_MAPPER));
			if (ofMapper) {
				this.refused.add(resolver.name() + ": a ContextResolver<ObjectMapper> gives Quarkus REST an ObjectMapper"
						+ " this extension does not check; with @PublicId, let Quarkus produce the ObjectMapper (customize it"
						+ " with an ObjectMapperCustomizer)");
			}
		}
		for (AnnotationInstance mapper : index.getAnnotations(CLIENT_OBJECT_MAPPER)) {
			this.refused.add(SnowflakeProcessor.describe(mapper) + ": a @ClientObjectMapper gives a REST client an"
					+ " ObjectMapper this extension does not check; with @PublicId, use the default one");
		}
		graphQl(index);
		for (DotName resource : PANACHE_REST_DATA) {
			for (ClassInfo generated : index.getAllKnownSubinterfaces(resource)) {
				this.refused.add(generated.name() + ": REST Data with Panache takes and sends raw ids (paths, Location"
						+ " headers, links); with @PublicId, write the resource yourself");
			}
		}
	}

	/**
	 * SmallRye GraphQL reads and writes the properties of the types its API methods take and return itself (not
	 * through Jackson or JSON-B): a {@code @PublicId} member of a type reachable from a {@code @GraphQLApi} class (its
	 * methods' return and parameter types, their fields' and getters' types, type arguments and array elements, and
	 * superclasses) would go out, or be taken, as the raw id. Parameters of the API's methods are refused as any
	 * parameter that is not a REST one ({@link #parameter}). Types outside the index are not followed.
	 */
	private void graphQl(IndexView index) {
		Map<DotName, String> reachable = new HashMap<>();
		Set<DotName> declared = new java.util.HashSet<>(); // reached as a type an operation serves, not a supertype
		Map<DotName, String> apis = new HashMap<>();
		Deque<DotName> pending = new ArrayDeque<>();
		for (AnnotationInstance api : index.getAnnotations(GRAPHQL_API)) {
			if (api.target().kind() != AnnotationTarget.Kind.CLASS) {
				continue;
			}
			// the operations of the class and of its superclasses (inherited ones are served too)
			for (ClassInfo type = api.target().asClass(); type != null && !type.name().toString().startsWith("java.");
					type = (type.superName() != null) ? index.getClassByName(type.superName()) : null) {
				apis.putIfAbsent(type.name(), api.target().asClass().name().toString());
				for (MethodInfo method : type.methods()) {
					List<Type> types = new ArrayList<>(method.parameterTypes());
					types.add(method.returnType());
					for (Type each : types) {
						reach(each, api.target().asClass().name() + "." + method.name() + "()", true, reachable,
								declared, pending);
					}
				}
			}
		}
		while (!pending.isEmpty()) {
			DotName name = pending.pop();
			ClassInfo type = index.getClassByName(name);
			if (type == null) {
				continue;
			}
			String operation = reachable.get(name);
			for (FieldInfo field : type.fields()) {
				if (!Modifier.isStatic(field.flags())) {
					reach(field.type(), operation, true, reachable, declared, pending);
				}
			}
			for (MethodInfo method : type.methods()) {
				if (method.parametersCount() == 0 && !method.returnType().kind().equals(Type.Kind.VOID)) {
					reach(method.returnType(), operation, true, reachable, declared, pending);
				}
			}
			// supertypes with the type arguments they are given (OrderPage extends Page<Order>), and, for an
			// interface or an abstract class an operation returns, what the index has implementing it
			// (not for a supertype reached as such: the other subclasses of an Order's base class are not served)
			if (type.superClassType() != null) {
				reach(type.superClassType(), operation, false, reachable, declared, pending);
			}
			type.interfaceTypes().forEach((contract) -> reach(contract, operation, false, reachable, declared, pending));
			if (declared.contains(name)) {
				Collection<ClassInfo> implementations = type.isInterface() ? index.getAllKnownImplementors(name)
						: index.getAllKnownSubclasses(name);
				for (ClassInfo implementation : implementations) {
					reach(Type.create(implementation.name(), Type.Kind.CLASS), operation, true, reachable, declared,
							pending);
				}
			}
		}
		for (AnnotationInstance use : index.getAnnotations(PUBLIC_ID)) {
			if (use.target().kind() == AnnotationTarget.Kind.METHOD
					&& apis.containsKey(use.target().asMethod().declaringClass().name())) {
				this.refused.add(SnowflakeProcessor.describe(use) + ": an operation or @Source field of the GraphQL API "
						+ apis.get(use.target().asMethod().declaringClass().name()) + ": SmallRye GraphQL sends its"
						+ " value itself, the raw id; return the token (PublicIdCodec.encode) as a String instead");
				continue;
			}
			ClassInfo owner = switch (use.target().kind()) {
				case FIELD -> use.target().asField().declaringClass();
				case METHOD -> use.target().asMethod().declaringClass();
				case RECORD_COMPONENT -> use.target().asRecordComponent().declaringClass();
				default -> null; // parameters: refused or converted as parameters
			};
			if (owner != null && reachable.containsKey(owner.name())) {
				this.refused.add(SnowflakeProcessor.describe(use) + ": reachable from the GraphQL API ("
						+ reachable.get(owner.name()) + "): SmallRye GraphQL reads and writes properties itself, not"
						+ " through Jackson or JSON-B, so the raw id would go out; send a type with the token"
						+ " (PublicIdCodec.encode) in a String property there instead");
			}
		}
	}

	/**
	 * Queues the application's classes {@code type} names (itself, its type arguments, its array elements); as
	 * {@code declared} a type an operation, field or getter serves (its implementations are served too), else a
	 * supertype (its own members are, its other subclasses not).
	 */
	private static void reach(Type type, String operation, boolean asDeclared, Map<DotName, String> reachable,
			Set<DotName> declared, Deque<DotName> pending) {
		switch (type.kind()) {
			case ARRAY -> reach(type.asArrayType().constituent(), operation, asDeclared, reachable, declared, pending);
			case PARAMETERIZED_TYPE -> {
				reach(Type.create(type.name(), Type.Kind.CLASS), operation, asDeclared, reachable, declared, pending);
				type.asParameterizedType().arguments().forEach((argument) -> reach(argument, operation, true,
						reachable, declared, pending));
			}
			case WILDCARD_TYPE -> reach(type.asWildcardType().extendsBound(), operation, asDeclared, reachable, declared,
					pending);
			case CLASS -> {
				if (type.name().toString().startsWith("java.")) {
					return;
				}
				boolean first = reachable.putIfAbsent(type.name(), operation) == null;
				boolean nowDeclared = asDeclared && declared.add(type.name());
				if (first || nowDeclared) {
					pending.push(type.name()); // again when a supertype turns out to be served itself
				}
			}
			default -> {
				// primitives, type variables (their bounds are other types' business), void
			}
		}
	}

	private void parameter(IndexView index, MethodParameterInfo parameter, String where, boolean rest,
			boolean jsonb) {
		MethodInfo method = parameter.method();
		boolean constructor = method.name().equals("<init>") || method.hasDeclaredAnnotation(JSON_CREATOR);
		boolean restParameter = REST_PARAMETERS.stream().anyMatch(parameter::hasDeclaredAnnotation);
		boolean declaredOnly = method.declaringClass().isInterface() || Modifier.isAbstract(method.flags());
		// The REST annotation on the interface or superclass method a resource method implements (an API interface
		// shared with clients): Quarkus REST reads the route from there and converts with this method's own parameter
		// annotations, @PublicId among them (PublicIdInterfaceResourceTest). Not where this method declares its own
		// route (@GET, @Path...): Quarkus REST reads this one, and an unannotated parameter here is the body.
		MethodParameterInfo inherited = (restParameter || declaredOnly || isEndpoint(method)
				|| !isResource(index, method.declaringClass())) ? null
						: inheritedRestDeclaration(index, method.declaringClass(), parameter);
		MethodParameterInfo declaration = (inherited != null) ? inherited : parameter;
		restParameter |= inherited != null;
		if (restParameter && declaredOnly) {
			this.refused.add(where + ": on an interface or abstract method: Quarkus REST converts the parameters of the"
					+ " implementing method, which do not carry @PublicId, and REST clients do not convert; put @PublicId"
					+ " on the implementing resource method's parameter (the REST annotations may stay here)");
			return;
		}
		if (restParameter) {
			String override = overrideWithout(index, parameter);
			if (override != null) {
				this.refused.add(where + ": overridden by " + override + ", whose parameter has no @PublicId: Quarkus"
						+ " REST would convert that one, and take the raw id");
				return;
			}
		}
		// the REST client interface declaring this resource method too, if any (read once: it walks the hierarchy)
		DotName client = (restParameter && !constructor) ? clientDeclaring(index, method.declaringClass(), method) : null;
		if (constructor) {
			if (jsonb) {
				this.refused.add(where + ": JSON-B reads constructor and creator parameters without this extension's"
						+ " deserializer; with JSON-B, put @PublicId on fields or setters (or use Jackson)");
			}
		}
		else if (!restParameter) {
			this.refused.add(where + ": only Quarkus REST parameters (@PathParam, @QueryParam, @RestPath, ...) and"
					+ " constructor or @JsonCreator parameters read by Jackson turn tokens into ids (on a setter, put"
					+ " @PublicId on the method)");
		}
		else if (!rest) {
			this.refused.add(where + ": a REST parameter without Quarkus REST (io.quarkus:quarkus-rest)");
		}
		else if (parameter.method().declaringClass().hasDeclaredAnnotation(REST_CLIENT)) {
			this.refused.add(where + ": parameters of REST clients are not converted yet; encode the token with"
					+ " PublicIdCodec and pass a String");
		}
		else if (client != null) {
			// one interface for both sides: the server would take the token, the client built from it send the raw id
			this.refused.add(where + ": " + client
					+ " declares this method too, and the REST client built from it would send the raw id where this"
					+ " resource takes a token (REST clients do not convert): give the client an interface of its own,"
					+ " with a String parameter carrying a token from PublicIdCodec");
		}
		else if (!ID_TYPES.contains(parameter.type().name())) {
			this.refused.add(where + " (" + parameter.type() + "): allowed Long, long and String (a decimal id)");
		}
		else {
			// the implementation's own annotations and the declaration's (the same object when declared here)
			String shape = restShape(parameter, declaration, parameter.type());
			if (shape == null && declaration != parameter) {
				shape = restShape(declaration, declaration, parameter.type());
			}
			if (shape != null) {
				this.refused.add(where + shape);
			}
		}
	}

	/**
	 * What Quarkus REST does with a REST parameter or field outside the converter that turns a token into the id,
	 * described (appended to the use), or null: a {@code @DefaultValue} is decoded as a token on every request
	 * without the parameter (a 400 blaming the client, or a raw id taken), a multipart part of a non-text type is
	 * read by a body reader, and an absent primitive {@code long} query, header, form, cookie or matrix parameter
	 * reaches the method as 0, an id nobody sent (review finding 13).
	 */
	private static String restShape(AnnotationTarget target, Type type) {
		return restShape(target, target, type);
	}

	/** {@link #restShape(AnnotationTarget, Type)} of {@code target}, whose REST annotation is on {@code route}. */
	private static String restShape(AnnotationTarget target, AnnotationTarget route, Type type) {
		if (target.hasDeclaredAnnotation(DEFAULT_VALUE)) {
			return ": a @DefaultValue is decoded as a public id on every request without the parameter; leave it out"
					+ " (an absent parameter is null) and default in the method";
		}
		AnnotationInstance part = target.declaredAnnotation(PART_TYPE);
		if (part != null && part.value() != null && !part.value().asString().equals("text/plain")) {
			// Quarkus REST gives the converter a part of exactly text/plain; any other type (a charset too) goes to a
			// body reader, which parses the raw number
			return ": a multipart part of type " + part.value().asString() + " is read by a body reader, not by"
					+ " the converter that decodes public ids; send the token as text (@PartType(\"text/plain\") or"
					+ " none)";
		}
		if (type.kind() == Type.Kind.PRIMITIVE && PATH_PARAMETERS.stream().noneMatch(route::hasDeclaredAnnotation)) {
			return " (long): an absent parameter would reach the method as 0, an id nobody sent; use Long (null when"
					+ " absent), or a path parameter";
		}
		return null;
	}

	/**
	 * A REST parameter on a field or an accessor: of a resource class, or of a bean-parameter class ({@code @BeanParam},
	 * or a parameter class whose members carry the annotations). Quarkus REST converts a field's value through the
	 * same converter as a method parameter's (it passes the field's annotations); an accessor's, a server without
	 * Quarkus REST, and a REST client writing a bean parameter (its fields go out with {@code toString()}) do not.
	 */
	private void restMember(IndexView index, AnnotationTarget target, String where, boolean rest) {
		if (target.kind() != AnnotationTarget.Kind.FIELD) {
			MethodInfo method = target.asMethod();
			if (!isRecordAccessor(method)) { // a record's component: its field and constructor parameter are checked
				this.refused.add(where + ": a REST parameter on a getter or setter is not converted; put the REST"
						+ " annotation and @PublicId on the field");
			}
			return;
		}
		if (!rest) {
			this.refused.add(where + ": a REST parameter field without Quarkus REST (io.quarkus:quarkus-rest): nothing"
					+ " converts it, and a REST client writes it raw");
			return;
		}
		if (!ID_TYPES.contains(target.asField().type().name())) {
			this.refused.add(where + " (" + target.asField().type() + "): a REST parameter field: allowed"
					+ " Long, long and String (a decimal id)");
			return;
		}
		String shape = restShape(target, target.asField().type());
		if (shape != null) {
			this.refused.add(where + shape);
			return;
		}
		String client = clientBeanParameters(index).get(target.asField().declaringClass().name());
		if (client != null) {
			this.refused.add(where + ": a bean parameter of " + client + ", a REST client's method (an interface or"
					+ " abstract REST method no resource class implements): a client writes bean parameters without"
					+ " converting them, the raw id would go out; encode the token with PublicIdCodec and pass a"
					+ " String");
		}
	}

	/** Bean-parameter classes REST clients write, by name, with the client method that takes them; found once. */
	private Map<DotName, String> clientBeanParameters;

	/** The {@code @RegisterRestClient} interfaces and every interface they extend, by name; found once. */
	private Set<DotName> clientInterfaces;

	/**
	 * The interfaces a REST client is built from, with those they extend: a client sends every method it inherits
	 * ({@code @RegisterRestClient interface OrderClient extends OrderApi {}} sends OrderApi's).
	 */
	private Set<DotName> clientInterfaces(IndexView index) {
		if (this.clientInterfaces == null) {
			Set<DotName> found = new HashSet<>();
			Deque<ClassInfo> next = new ArrayDeque<>();
			index.getAnnotations(REST_CLIENT)
				.stream()
				.filter((annotation) -> annotation.target().kind() == AnnotationTarget.Kind.CLASS)
				.forEach((annotation) -> next.add(annotation.target().asClass()));
			while (!next.isEmpty()) {
				ClassInfo type = next.pop();
				if (found.add(type.name())) {
					next.addAll(supertypes(index, type));
				}
			}
			this.clientInterfaces = found;
		}
		return this.clientInterfaces;
	}

	/**
	 * The REST client interface among {@code type}'s supertypes (as far as indexed) that declares {@code method} (same
	 * name and erased parameter types), or null: a resource implementing it shares its routes with a client.
	 */
	private DotName clientDeclaring(IndexView index, ClassInfo type, MethodInfo method) {
		for (ClassInfo supertype : supertypes(index, type)) {
			if (clientInterfaces(index).contains(supertype.name())
					&& supertype.method(method.name(), method.parameterTypes()) != null) {
				return supertype.name();
			}
			DotName further = clientDeclaring(index, supertype, method);
			if (further != null) {
				return further;
			}
		}
		return null;
	}

	/**
	 * The classes a REST client writes as bean parameters: the parameters of REST methods declared on interfaces or
	 * as abstract methods that no indexed class implements (a resource interface's, which a resource class
	 * implements, are converted on the server) or on a {@code @RegisterRestClient} interface, those without a REST
	 * parameter annotation of their own (a bean parameter, or the body); then the bean parameters nested in them
	 * ({@code @BeanParam} fields), and the superclasses of all (their fields are written too).
	 */
	private Map<DotName, String> clientBeanParameters(IndexView index) {
		if (this.clientBeanParameters != null) {
			return this.clientBeanParameters;
		}
		Map<DotName, String> found = new HashMap<>();
		Deque<DotName> next = new ArrayDeque<>();
		for (ClassInfo type : index.getKnownClasses()) {
			boolean client = clientInterfaces(index).contains(type.name());
			for (MethodInfo method : type.methods()) {
				boolean declaredOnly = (type.isInterface() && !method.isDefault() && !method.isStaticInitializer()
						&& !Modifier.isStatic(method.flags())) || Modifier.isAbstract(method.flags());
				if (!declaredOnly || !(client || isEndpoint(method)) || (!client && implemented(index, type, method))) {
					continue;
				}
				for (MethodParameterInfo parameter : method.parameters()) {
					if (REST_PARAMETERS.stream().anyMatch(parameter::hasDeclaredAnnotation)) {
						continue;
					}
					String via = type.name() + "." + method.name() + "()";
					for (DotName name : typesOf(index, type, parameter.type())) {
						if (found.putIfAbsent(name, via) == null) {
							next.add(name);
						}
					}
				}
			}
		}
		while (!next.isEmpty()) {
			DotName name = next.poll();
			ClassInfo type = index.getClassByName(name);
			if (type == null) {
				continue;
			}
			String via = found.get(name);
			List<DotName> nested = new ArrayList<>();
			type.fields().stream().filter((f) -> f.hasDeclaredAnnotation(BEAN_PARAM)).forEach((f) -> nested.add(f.type().name()));
			if (type.superName() != null) {
				nested.add(type.superName());
			}
			for (DotName more : nested) {
				if (found.putIfAbsent(more, via) == null) {
					next.add(more);
				}
			}
		}
		this.clientBeanParameters = found;
		return found;
	}

	/**
	 * The classes a parameter of {@code type} stands for: its own, or for a type variable of {@code type}
	 * ({@code interface CrudClient<Q> { find(@BeanParam Q q); }}) the type arguments its sub-interfaces and
	 * subclasses in the index give it ({@code OrderClient extends CrudClient<OrderQuery>}).
	 */
	private static List<DotName> typesOf(IndexView index, ClassInfo type, Type parameter) {
		if (parameter.kind() != Type.Kind.TYPE_VARIABLE) {
			return List.of(parameter.name());
		}
		int position = -1;
		for (int i = 0; i < type.typeParameters().size(); i++) {
			if (type.typeParameters().get(i).identifier().equals(parameter.asTypeVariable().identifier())) {
				position = i;
			}
		}
		List<DotName> arguments = new ArrayList<>();
		if (position < 0) {
			return arguments; // a method's own type variable: nothing to resolve it with
		}
		List<ClassInfo> subtypes = new ArrayList<>(index.getAllKnownSubinterfaces(type.name()));
		subtypes.addAll(type.isInterface() ? index.getAllKnownImplementors(type.name())
				: index.getAllKnownSubclasses(type.name()));
		for (ClassInfo subtype : subtypes) {
			List<Type> supertypes = new ArrayList<>(subtype.interfaceTypes());
			if (subtype.superClassType() != null) {
				supertypes.add(subtype.superClassType());
			}
			for (Type supertype : supertypes) {
				if (supertype.name().equals(type.name()) && supertype.kind() == Type.Kind.PARAMETERIZED_TYPE
						&& supertype.asParameterizedType().arguments().size() > position) {
					arguments.add(supertype.asParameterizedType().arguments().get(position).name());
				}
			}
		}
		return arguments;
	}

	/** Whether a class of the index that is no interface nor abstract declares {@code method} of {@code type}. */
	private static boolean implemented(IndexView index, ClassInfo type, MethodInfo method) {
		Collection<ClassInfo> implementations = type.isInterface() ? index.getAllKnownImplementors(type.name())
				: index.getAllKnownSubclasses(type.name());
		for (ClassInfo implementation : implementations) {
			MethodInfo own = implementation.method(method.name(), method.parameterTypes());
			if (own != null && !Modifier.isAbstract(own.flags())) {
				return true;
			}
		}
		return false;
	}

	private static boolean isRecordAccessor(MethodInfo method) {
		return method.declaringClass().isRecord() && method.parametersCount() == 0
				&& method.declaringClass().recordComponent(method.name()) != null;
	}

	/** The JavaBean getter or setter of {@code field} that carries a REST parameter annotation, described, or null. */
	private static String restAccessor(FieldInfo field) {
		String property = Character.toUpperCase(field.name().charAt(0)) + field.name().substring(1);
		for (MethodInfo method : field.declaringClass().methods()) {
			boolean accessor = (method.parametersCount() == 0
					&& (method.name().equals("get" + property) || method.name().equals("is" + property)))
					|| (method.parametersCount() == 1 && method.name().equals("set" + property));
			if (accessor && REST_PARAMETERS.stream().anyMatch(method::hasDeclaredAnnotation)) {
				return method.declaringClass().name() + "." + method.name() + "()";
			}
		}
		return null;
	}

	/**
	 * The same parameter of the method {@code parameter}'s method overrides or implements, in {@code type}'s
	 * superclasses and interfaces (the nearest first), if it carries a REST parameter annotation; else null. Methods
	 * are matched by name and erased parameter types, as the index records them (a generic interface's method is not
	 * matched, and its implementation's parameter stays refused).
	 */
	private static MethodParameterInfo inheritedRestDeclaration(IndexView index, ClassInfo type,
			MethodParameterInfo parameter) {
		for (ClassInfo supertype : supertypes(index, type)) {
			MethodInfo declared = supertype.method(parameter.method().name(), parameter.method().parameterTypes());
			if (declared != null) {
				MethodParameterInfo same = declared.parameters().get(parameter.position());
				if (REST_PARAMETERS.stream().anyMatch(same::hasDeclaredAnnotation)) {
					return same;
				}
				if (isEndpoint(declared)) {
					return null; // the route Quarkus REST takes: there this parameter is the body, not a REST parameter
				}
			}
			MethodParameterInfo further = inheritedRestDeclaration(index, supertype, parameter);
			if (further != null) {
				return further;
			}
		}
		return null;
	}

	/**
	 * Whether {@code type} is a resource class: it, a superclass or an interface carries {@code @Path} (a class
	 * implementing a REST interface without being a resource, such as a fake of a client, converts nothing).
	 */
	private static boolean isResource(IndexView index, ClassInfo type) {
		if (type.declaredAnnotation(PATH) != null) {
			return true;
		}
		return supertypes(index, type).stream().anyMatch((supertype) -> isResource(index, supertype));
	}

	/**
	 * {@code type}'s superclass (but {@code Object}) and interfaces, as far as the index holds them: what the walks
	 * up a hierarchy read (a supertype outside the index is passed over, and what it declares is not seen).
	 */
	static List<ClassInfo> supertypes(IndexView index, ClassInfo type) {
		List<DotName> names = new ArrayList<>();
		if (type.superName() != null && !type.superName().equals(DotName.OBJECT_NAME)) {
			names.add(type.superName());
		}
		names.addAll(type.interfaceNames());
		List<ClassInfo> supertypes = new ArrayList<>();
		for (DotName name : names) {
			ClassInfo supertype = index.getClassByName(name);
			if (supertype != null) {
				supertypes.add(supertype);
			}
		}
		return supertypes;
	}

	/** A subclass's method that overrides the parameter's method without {@code @PublicId} on that parameter. */
	private static String overrideWithout(IndexView index, MethodParameterInfo parameter) {
		MethodInfo method = parameter.method();
		for (ClassInfo subclass : index.getAllKnownSubclasses(method.declaringClass().name())) {
			MethodInfo override = subclass.method(method.name(), method.parameterTypes());
			if (override != null && !override.parameters().get(parameter.position()).hasDeclaredAnnotation(PUBLIC_ID)) {
				return subclass.name() + "." + override.name() + "()";
			}
		}
		return null;
	}

	/** JSON-B: a field, getter or setter of {@code Long}, {@code long} or {@code String}, in the default domain. */
	private void jsonb(IndexView index, AnnotationInstance use, String where) {
		AnnotationTarget target = use.target();
		ClassInfo owner = (target.kind() == AnnotationTarget.Kind.FIELD) ? target.asField().declaringClass()
				: (target.kind() == AnnotationTarget.Kind.METHOD) ? target.asMethod().declaringClass() : null;
		boolean creator = owner != null
				&& (owner.isRecord() || owner.methods().stream().anyMatch((m) -> m.hasDeclaredAnnotation(JSONB_CREATOR)));
		if (creator) {
			this.refused.add(where + ": JSON-B builds " + owner.name() + " through its creator, whose parameters it"
					+ " reads without this extension's deserializer (the raw id would be taken); with JSON-B, give the"
					+ " class a no-argument constructor and setters (or use Jackson)");
			return;
		}
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
