package io.snowflakeid.hibernate.internal;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import com.fasterxml.jackson.annotation.JsonIdentityInfo;
import com.fasterxml.jackson.annotation.ObjectIdGenerator;
import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.AnnotationIntrospector;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.KeyDeserializer;
import tools.jackson.databind.PropertyName;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.deser.BeanDeserializerBuilder;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.impl.ObjectIdReader;
import tools.jackson.databind.deser.std.StdDeserializer;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedClass;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.AnnotatedMethod;
import tools.jackson.databind.introspect.AnnotatedParameter;
import tools.jackson.databind.introspect.AnnotatedWithParams;
import tools.jackson.databind.introspect.BeanPropertyDefinition;
import tools.jackson.databind.introspect.NopAnnotationIntrospector;
import tools.jackson.databind.introspect.ObjectIdInfo;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.BeanPropertyWriter;
import tools.jackson.databind.ser.BeanSerializerBuilder;
import tools.jackson.databind.ser.ValueSerializerModifier;
import tools.jackson.databind.ser.impl.ObjectIdWriter;
import tools.jackson.databind.ser.impl.PropertyBasedObjectIdGenerator;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Jackson 3 (Spring Boot 4.x): {@link PublicId} properties are written as their {@link PublicIdCodec} token and read
 * from it: {@code Long}/{@code long}, {@code String} (holding the decimal id), {@code long[]}, the {@code Long} or
 * {@code String} elements of collections, arrays and {@code Optional}s, the {@code Long} keys and values of maps, and
 * object-identity references ({@code @JsonIdentityInfo(generator = PropertyGenerator.class)}) to an object whose id
 * property is {@code @PublicId}. Any other {@code @PublicId} property fails when Jackson builds its serializer or
 * deserializer, naming it: never a raw number out or in. A JSON number, or a token that does not decode, is an
 * {@code InvalidFormatException} (a 400 in Spring MVC) whose cause is the {@link InvalidPublicIdException}. The
 * Jackson 2 twin is {@link PublicIdJackson2Module}, beside it; keep them parallel (what they decide alike is written
 * once: {@link PublicIdJson}, {@link PublicIdShapes}). Internal: the starter's public
 * {@code io.snowflakeid.spring.publicid.PublicIdJackson3Module} extends it.
 */
public class PublicIdJackson3Module extends SimpleModule {

	private static final long serialVersionUID = 1L;

	private final transient Supplier<PublicIdCodec> codec;

	public PublicIdJackson3Module(PublicIdCodec codec) {
		this(PublicIdJson.constant(codec));
	}

	/**
	 * A module whose codec is asked for when Jackson first builds a serializer or deserializer of a public id, not
	 * when the module is created: a codec bean may itself need the mapper. A supplier that gives null (no key) or
	 * throws fails that serializer, never writing the raw id.
	 */
	public PublicIdJackson3Module(Supplier<PublicIdCodec> codec) {
		super("snowflake-public-id");
		this.codec = java.util.Objects.requireNonNull(codec, "codec");
	}

	@Override
	public void setupModule(SetupContext context) {
		super.setupModule(context);
		// Inserted first, so it also wins over @SnowflakeId's ids-as-strings on a property carrying both.
		context.insertAnnotationIntrospector(new Introspector(this.codec));
		context.addSerializerModifier(new IdentitySerializerModifier(this.codec));
		context.addDeserializerModifier(new IdentityDeserializerModifier(this.codec));
	}

	/**
	 * Whether the module's annotation introspector is in effect in {@code mapper}, for serialization and
	 * deserialization: a mapper can list the module yet have had its introspector replaced afterwards.
	 */
	public static boolean isActiveIn(tools.jackson.databind.ObjectMapper mapper) {
		return introspects(mapper.serializationConfig()) && introspects(mapper.deserializationConfig());
	}

	/**
	 * Whether the module's annotation introspector is among {@code config}'s: the ids-as-strings module refuses
	 * {@code @PublicId} properties in a mapper without it.
	 */
	public static boolean introspects(tools.jackson.databind.cfg.MapperConfig<?> config) {
		return config.getAnnotationIntrospector() != null
				&& config.getAnnotationIntrospector().allIntrospectors().stream().anyMatch(Introspector.class::isInstance);
	}

	/** The codec of the property's domain ({@code @PublicId("invoice")}); a bad domain names the property. */
	static PublicIdCodec codecOf(Supplier<PublicIdCodec> codec, PublicId publicId, String where) {
		return PublicIdJson.domainCodec(codec.get(), publicId, where);
	}

	/** {@code Outer$Dto.property}, for messages. */
	static String where(Annotated annotated) {
		if (annotated instanceof AnnotatedParameter parameter) {
			return parameter.getDeclaringClass().getName() + ".<init> parameter " + parameter.getIndex();
		}
		return (annotated instanceof AnnotatedMember member)
				? member.getDeclaringClass().getName() + "." + member.getName() : annotated.getName();
	}

	private static final class Introspector extends NopAnnotationIntrospector {

		private static final long serialVersionUID = 1L;

		private static final Class<?> SERIALIZER_NONE = ValueSerializer.None.class;

		private static final Class<?> DESERIALIZER_NONE = ValueDeserializer.None.class;

		private final transient Supplier<PublicIdCodec> codec;

		Introspector(Supplier<PublicIdCodec> codec) {
			this.codec = codec;
		}

		@Override
		public Object findSerializer(MapperConfig<?> config, Annotated annotated) {
			PublicId publicId = annotated.getAnnotation(PublicId.class);
			if (publicId == null || isSetter(annotated)) {
				return null;
			}
			JavaType type = annotated.getType();
			Class<?> raw = type.getRawClass();
			if (raw == long[].class) {
				return new TokenArraySerializer(codec(annotated, publicId));
			}
			if (PublicIdJson.isIdType(raw)) {
				return new TokenSerializer(codec(annotated, publicId), where(annotated));
			}
			requireIdsInside(annotated, type);
			return null; // a container: its content and key serializers below
		}

		@Override
		public Object findDeserializer(MapperConfig<?> config, Annotated annotated) {
			PublicId publicId = publicIdOf(config, annotated);
			if (publicId == null) {
				return null;
			}
			JavaType type = mutatorType(annotated);
			Class<?> raw = type.getRawClass();
			if (raw == long[].class) {
				return new TokenArrayDeserializer(new TokenDeserializer(codec(annotated, publicId), Long.class));
			}
			if (PublicIdJson.isIdType(raw)) {
				return new TokenDeserializer(codec(annotated, publicId), raw);
			}
			requireIdsInside(annotated, type);
			return null;
		}

		@Override
		public Object findContentSerializer(MapperConfig<?> config, Annotated annotated) {
			PublicId publicId = annotated.getAnnotation(PublicId.class);
			JavaType content = (publicId != null && !isSetter(annotated)) ? idContent(annotated.getType()) : null;
			return (content != null) ? new TokenSerializer(codec(annotated, publicId), where(annotated)) : null;
		}

		@Override
		public Object findContentDeserializer(MapperConfig<?> config, Annotated annotated) {
			PublicId publicId = publicIdOf(config, annotated);
			if (publicId != null && annotated instanceof AnnotatedMethod method && method.getParameterCount() == 2) {
				// @JsonAnySetter on a (name, value) method: Jackson reads every value with this content deserializer
				Class<?> value = method.getRawParameterType(1);
				if (!PublicIdJson.isIdType(value)) {
					throw new IllegalArgumentException(PublicIdJson.unsupported(where(annotated), value.getName()));
				}
				return new TokenDeserializer(codec(annotated, publicId), value);
			}
			JavaType content = (publicId != null) ? idContent(mutatorType(annotated)) : null;
			return (content != null) ? new TokenDeserializer(codec(annotated, publicId), content.getRawClass()) : null;
		}

		@Override
		public Object findKeySerializer(MapperConfig<?> config, Annotated annotated) {
			PublicId publicId = annotated.getAnnotation(PublicId.class);
			return (publicId != null && !isSetter(annotated) && hasIdKeys(annotated.getType()))
					? new KeyTokenSerializer(codec(annotated, publicId)) : null;
		}

		@Override
		public Object findKeyDeserializer(MapperConfig<?> config, Annotated annotated) {
			PublicId publicId = publicIdOf(config, annotated);
			return (publicId != null && hasIdKeys(mutatorType(annotated)))
					? new KeyTokenDeserializer(codec(annotated, publicId)) : null;
		}

		private PublicIdCodec codec(Annotated annotated, PublicId publicId) {
			return codecOf(this.codec, publicId, where(annotated));
		}

		/**
		 * The {@code @PublicId} of what is read: the annotated member's own, or, for a creator parameter without one,
		 * that of the field of its property ({@link PublicIdJson#fieldPublicId}: Jackson 3 does not merge a final
		 * field's annotations into the parameter). Linked by the parameter's names as the mapper sees them (also
		 * a Kotlin module's) and as compiled.
		 */
		static PublicId publicIdOf(MapperConfig<?> config, Annotated annotated) {
			PublicId publicId = annotated.getAnnotation(PublicId.class);
			if (publicId != null || !(annotated instanceof AnnotatedParameter parameter)) {
				return publicId;
			}
			List<String> names = new ArrayList<>(
					PublicIdJson.parameterNames(parameter.getOwner().getMember(), parameter.getIndex()));
			AnnotationIntrospector introspector = (config != null) ? config.getAnnotationIntrospector() : null;
			if (introspector != null) {
				PropertyName explicit = introspector.findNameForDeserialization(config, parameter);
				if (explicit != null && !explicit.isEmpty()) {
					names.add(explicit.getSimpleName());
				}
				String implicit = introspector.findImplicitPropertyName(config, parameter);
				if (implicit != null) {
					names.add(implicit);
				}
			}
			return PublicIdJson.fieldPublicId(parameter.getDeclaringClass(), names);
		}

		private static boolean isSetter(Annotated annotated) {
			return annotated instanceof AnnotatedMethod method && method.getParameterCount() == 1;
		}

		private static JavaType mutatorType(Annotated annotated) {
			return (annotated instanceof AnnotatedMethod method && method.getParameterCount() == 1)
					? method.getParameterType(0) : annotated.getType();
		}

		private static JavaType idContent(JavaType type) {
			return PublicIdShapes.idContent(Types.INSTANCE, type);
		}

		private static boolean hasIdKeys(JavaType type) {
			return PublicIdShapes.hasIdKeys(Types.INSTANCE, type);
		}

		/** The container's shape ({@link PublicIdShapes}), and no serializer of the application's on it. */
		private static void requireIdsInside(Annotated annotated, JavaType type) {
			JsonSerialize serialize = annotated.getAnnotation(JsonSerialize.class);
			JsonDeserialize deserialize = annotated.getAnnotation(JsonDeserialize.class);
			boolean replaced = (serialize != null && serialize.using() != SERIALIZER_NONE)
					|| (deserialize != null && deserialize.using() != DESERIALIZER_NONE);
			PublicIdShapes.requireIdsInside(Types.INSTANCE, type, replaced, () -> where(annotated));
		}

		/** A builder-built value: its builder must be as public as the value's {@code @PublicId} fields. */
		@Override
		public Class<?> findPOJOBuilder(MapperConfig<?> config, AnnotatedClass annotated) {
			JsonDeserialize deserialize = annotated.getAnnotation(JsonDeserialize.class);
			if (deserialize != null && deserialize.builder() != Void.class) {
				PublicIdJson.requirePublicBuilder(annotated.getRawType(), deserialize.builder());
			}
			return null;
		}

		/**
		 * Object identity declared on the referencing property rather than on the class: Jackson builds the id
		 * writer and reader there from the id's plain type, raw. Refused, naming the property.
		 */
		@Override
		public ObjectIdInfo findObjectIdInfo(MapperConfig<?> config, Annotated annotated) {
			JsonIdentityInfo info = annotated.getAnnotation(JsonIdentityInfo.class);
			if (annotated instanceof AnnotatedMember && info != null
					&& info.generator() == ObjectIdGenerators.PropertyGenerator.class) {
				JavaType type = annotated.getType();
				JavaType target = (type.getContentType() != null) ? type.getContentType() : type;
				if (PublicIdJson.hasPublicIdProperty(target.getRawClass(), info.property())) {
					throw new IllegalArgumentException(
							PublicIdJson.identityOnReference(where(annotated), target.getRawClass().getName()));
				}
			}
			return null;
		}
	}

	/** A {@code Long} id, or a {@code String} holding one, as its token. */
	static final class TokenSerializer extends StdSerializer<Object> {

		private final PublicIdCodec codec;

		private final String where;

		TokenSerializer(PublicIdCodec codec, String where) {
			super(Object.class);
			this.codec = codec;
			this.where = where;
		}

		@Override
		public void serialize(Object value, JsonGenerator generator, SerializationContext context) {
			generator.writeString(this.codec.encode(PublicIdJson.idOf(value, this.where)));
		}
	}

	/** A token as a {@code Long}, or as the {@code String} of its decimal id; nothing else. */
	static final class TokenDeserializer extends StdScalarDeserializer<Object> {

		private final transient PublicIdCodec codec;

		private final Class<?> target;

		TokenDeserializer(PublicIdCodec codec, Class<?> target) {
			super(target == String.class ? String.class : Long.class);
			this.codec = codec;
			this.target = target;
		}

		@Override
		public Object deserialize(JsonParser parser, DeserializationContext context) {
			if (parser.currentToken() != JsonToken.VALUE_STRING) {
				return context.reportInputMismatch(this, PublicIdJson.NUMBER_REFUSED);
			}
			String token = PublicIdJson.token(parser.getString());
			try {
				return PublicIdJson.asTarget(this.codec.decode(token), this.target);
			}
			catch (InvalidPublicIdException ex) {
				InvalidFormatException failure = InvalidFormatException.from(parser, PublicIdJson.invalid(ex), token,
						this.target);
				failure.initCause(ex);
				throw failure;
			}
		}
	}

	/** {@code @PublicId Map<Long, ...>}: the keys as tokens. */
	static final class KeyTokenSerializer extends StdSerializer<Object> {

		private final PublicIdCodec codec;

		KeyTokenSerializer(PublicIdCodec codec) {
			super(Object.class);
			this.codec = codec;
		}

		@Override
		public void serialize(Object value, JsonGenerator generator, SerializationContext context) {
			generator.writeName(this.codec.encode((Long) value));
		}
	}

	/** {@code @PublicId Map<Long, ...>}: the keys from tokens; a raw id as a key is refused. */
	static final class KeyTokenDeserializer extends KeyDeserializer {

		private final PublicIdCodec codec;

		KeyTokenDeserializer(PublicIdCodec codec) {
			this.codec = codec;
		}

		@Override
		public Object deserializeKey(String key, DeserializationContext context) {
			try {
				return this.codec.decode(PublicIdJson.token(key));
			}
			catch (InvalidPublicIdException ex) {
				DatabindException failure = context.weirdKeyException(Long.class, key, PublicIdJson.invalid(ex));
				failure.initCause(ex);
				throw failure;
			}
		}
	}

	/** {@code @PublicId long[]}: an array of tokens. */
	static final class TokenArraySerializer extends StdSerializer<long[]> {

		private final transient PublicIdCodec codec;

		TokenArraySerializer(PublicIdCodec codec) {
			super(long[].class);
			this.codec = codec;
		}

		@Override
		public void serialize(long[] value, JsonGenerator generator, SerializationContext provider) {
			generator.writeStartArray(value, value.length);
			for (long id : value) {
				generator.writeString(this.codec.encode(id));
			}
			generator.writeEndArray();
		}
	}

	/** {@code @PublicId long[]}: read from an array of tokens, each as {@link TokenDeserializer} reads one. */
	static final class TokenArrayDeserializer extends StdDeserializer<long[]> {

		private final transient TokenDeserializer element;

		TokenArrayDeserializer(TokenDeserializer element) {
			super(long[].class);
			this.element = element;
		}

		@Override
		public long[] deserialize(JsonParser parser, DeserializationContext context) {
			if (!parser.isExpectedStartArrayToken()) {
				return (long[]) context.handleUnexpectedToken(long[].class, parser);
			}
			long[] ids = new long[8];
			int count = 0;
			while (parser.nextToken() != JsonToken.END_ARRAY) {
				if (count == ids.length) {
					ids = Arrays.copyOf(ids, count * 2);
				}
				ids[count++] = (Long) this.element.deserialize(parser, context);
			}
			return Arrays.copyOf(ids, count);
		}
	}

	/**
	 * {@code @JsonIdentityInfo(generator = PropertyGenerator.class, property = "id")} on a class whose {@code id} is
	 * {@code @PublicId}: Jackson writes every reference after the first (and every {@code alwaysAsId} one) with the
	 * plain serializer of the id's type, a raw number. The object id becomes the token itself (a {@code String}), so
	 * references are written as the token the first occurrence shows.
	 */
	static final class IdentitySerializerModifier extends ValueSerializerModifier {

		private static final long serialVersionUID = 1L;

		private final transient Supplier<PublicIdCodec> codec;

		IdentitySerializerModifier(Supplier<PublicIdCodec> codec) {
			this.codec = codec;
		}

		@Override
		public BeanSerializerBuilder updateBuilder(SerializationConfig config, BeanDescription.Supplier description,
				BeanSerializerBuilder builder) {
			ObjectIdWriter writer = builder.getObjectIdWriter();
			ObjectIdInfo info = description.get().getObjectIdInfo();
			if (writer == null || info == null || !(writer.generator instanceof PropertyBasedObjectIdGenerator)) {
				return builder;
			}
			String name = info.getPropertyName().getSimpleName();
			for (BeanPropertyWriter property : builder.getProperties()) {
				PublicId publicId = property.getAnnotation(PublicId.class);
				if (property.getName().equals(name) && publicId != null) {
					String where = property.getMember().getDeclaringClass().getName() + "." + property.getName();
					TokenIdGenerator generator = new TokenIdGenerator(info, property,
							codecOf(this.codec, publicId, where), where);
					builder.setObjectIdWriter(ObjectIdWriter.construct(config.constructType(String.class), null,
							generator, writer.alwaysAsId));
				}
			}
			return builder;
		}

		/** A value type read from a token is written as one: refused if its {@code @JsonValue} is not public. */
		@Override
		public ValueSerializer<?> modifySerializer(SerializationConfig config, BeanDescription.Supplier description,
				ValueSerializer<?> serializer) {
			valueTypeId(description.get());
			return serializer;
		}

		/**
		 * A type as a map key whose key is a {@code @PublicId} id: its {@code @JsonKey} accessor, or without one its
		 * {@code @JsonValue} accessor ({@code record OrderId(@JsonValue @PublicId Long value)}). Jackson writes such a
		 * key with the plain key serializer of the accessor's type, never asking the annotation introspector: the raw
		 * id went out through a {@code @JsonKey} (review F7). Written as the token.
		 */
		@Override
		public ValueSerializer<?> modifyKeySerializer(SerializationConfig config, JavaType type,
				BeanDescription.Supplier description, ValueSerializer<?> serializer) {
			if (!PublicIdJson.isApplicationType(type.getRawClass())) {
				return serializer; // no @JsonKey or @JsonValue of the application's
			}
			BeanDescription bean = description.get();
			AnnotatedMember accessor = bean.findJsonKeyAccessor();
			PublicId publicId = (accessor != null) ? accessor.getAnnotation(PublicId.class) : valueTypeId(bean);
			if (publicId == null) {
				return serializer;
			}
			accessor = (accessor != null) ? accessor : bean.findJsonValueAccessor();
			accessor.fixAccess(true);
			String where = where(accessor);
			if (!PublicIdJson.isIdType(accessor.getRawType())) {
				throw new IllegalArgumentException(PublicIdJson.unsupported(where, accessor.getRawType().getName()));
			}
			return new ValueTypeKeySerializer(accessor, codecOf(this.codec, publicId, where), where);
		}
	}

	/**
	 * The {@code @PublicId} of a value type's {@code @JsonValue} accessor, or {@code null} if it is none. A value type
	 * whose one-argument creator takes a {@code @PublicId} (read from a token) but whose {@code @JsonValue} accessor is
	 * not {@code @PublicId} (written raw) is refused, naming it.
	 */
	static PublicId valueTypeId(BeanDescription description) {
		AnnotatedMember value = description.findJsonValueAccessor();
		if (value == null) {
			return null;
		}
		PublicId publicId = value.getAnnotation(PublicId.class);
		if (publicId != null) {
			return publicId;
		}
		List<AnnotatedWithParams> creators = new ArrayList<>(description.getConstructors());
		creators.addAll(description.getFactoryMethods());
		for (AnnotatedWithParams creator : creators) {
			if (creator.getParameterCount() == 1 && creator.getParameter(0).hasAnnotation(PublicId.class)) {
				throw new IllegalArgumentException(
						PublicIdJson.jsonValueNotPublic(value.getDeclaringClass().getName(), where(value)));
			}
		}
		return null;
	}

	/** A value type with a {@code @PublicId @JsonValue} as a map key: the token of its id. */
	static final class ValueTypeKeySerializer extends StdSerializer<Object> {

		private final transient AnnotatedMember accessor;

		private final transient PublicIdCodec codec;

		private final String where;

		ValueTypeKeySerializer(AnnotatedMember accessor, PublicIdCodec codec, String where) {
			super(Object.class);
			this.accessor = accessor;
			this.codec = codec;
			this.where = where;
		}

		@Override
		public void serialize(Object value, JsonGenerator generator, SerializationContext context) {
			generator.writeName(this.codec.encode(PublicIdJson.idOf(this.accessor.getValue(value), this.where)));
		}
	}

	/** The object id of a {@code @PublicId} id property: its token. */
	static final class TokenIdGenerator extends PropertyBasedObjectIdGenerator {

		private static final long serialVersionUID = 1L;

		private final transient PublicIdCodec codec;

		private final String where;

		TokenIdGenerator(ObjectIdInfo info, BeanPropertyWriter property, PublicIdCodec codec, String where) {
			super(info, property);
			this.codec = codec;
			this.where = where;
		}

		private TokenIdGenerator(Class<?> scope, BeanPropertyWriter property, PublicIdCodec codec, String where) {
			super(scope, property);
			this.codec = codec;
			this.where = where;
		}

		@Override
		public Object generateId(Object pojo) {
			Object id = super.generateId(pojo);
			return (id != null) ? this.codec.encode(PublicIdJson.idOf(id, this.where)) : null;
		}

		@Override
		public ObjectIdGenerator<Object> forScope(Class<?> scope) {
			return (scope == this._scope) ? this : new TokenIdGenerator(scope, this._property, this.codec, this.where);
		}

		@Override
		public ObjectIdGenerator<Object> newForSerialization(Object context) {
			return this;
		}
	}

	/**
	 * The reading side, where Jackson reads an id without asking the annotation introspector: the object id of such a
	 * class (the id property of a full object, and every reference) is read with the plain deserializer of the id's
	 * type, a raw number, so it is read as a token instead; and a value type built from one {@code @PublicId} id gets
	 * a {@link TokenCreatorInstantiator}.
	 */
	static final class IdentityDeserializerModifier extends ValueDeserializerModifier {

		private static final long serialVersionUID = 1L;

		private final transient Supplier<PublicIdCodec> codec;

		IdentityDeserializerModifier(Supplier<PublicIdCodec> codec) {
			this.codec = codec;
		}

		@Override
		public BeanDeserializerBuilder updateBuilder(DeserializationConfig config,
				BeanDescription.Supplier description, BeanDeserializerBuilder builder) {
			TokenCreatorInstantiator.install(builder, description.get(), this.codec);
			requireCreatorParametersLinked(config, description.get());
			ObjectIdReader reader = builder.getObjectIdReader();
			if (reader == null || reader.idProperty == null
					|| !(reader.generator instanceof ObjectIdGenerators.PropertyGenerator)) {
				return builder;
			}
			PublicId publicId = reader.idProperty.getAnnotation(PublicId.class);
			if (publicId == null) {
				return builder;
			}
			String where = reader.idProperty.getMember().getDeclaringClass().getName() + "."
					+ reader.idProperty.getName();
			Class<?> type = reader.getIdType().getRawClass();
			if (!PublicIdJson.isIdType(type)) {
				throw new IllegalArgumentException(PublicIdJson.unsupported(where, type.getName()));
			}
			TokenDeserializer ids = new TokenDeserializer(codecOf(this.codec, publicId, where), type);
			builder.setObjectIdReader(ObjectIdReader.construct(reader.getIdType(), reader.propertyName,
					reader.generator, ids, reader.idProperty, reader.resolver));
			return builder;
		}
	}

	/**
	 * A property read through a creator parameter that is not {@code @PublicId}, neither itself nor through its field
	 * ({@link Introspector#publicIdOf}), whose field or getter is: written as a token, read raw. Refused, naming the
	 * class and the property (the names could not be linked).
	 */
	static void requireCreatorParametersLinked(MapperConfig<?> config, BeanDescription description) {
		for (BeanPropertyDefinition property : description.findProperties()) {
			AnnotatedParameter parameter = property.getConstructorParameter();
			if (parameter != null && Introspector.publicIdOf(config, parameter) == null
					&& PublicIdJson.hasPublicIdProperty(description.getBeanClass(), property.getInternalName())) {
				throw new IllegalArgumentException(PublicIdJson.creatorParameterUnlinked(
						description.getBeanClass().getName(), property.getInternalName()));
			}
		}
	}

	/**
	 * A value type built from one {@code @PublicId} id, e.g. {@code record OrderId(@JsonValue @PublicId Long value)}
	 * with a single-argument {@code @JsonCreator}: Jackson calls such a creator directly with the JSON number or
	 * string (its "from long"/"from string" creators), never through a deserializer of ours, so a raw id would be
	 * read. The instantiator is wrapped: a JSON string is decoded as a token and passed to the creator, a JSON number
	 * is refused.
	 */
	static final class TokenCreatorInstantiator extends ValueInstantiator.Delegating {

		private static final long serialVersionUID = 1L;

		private final transient AnnotatedWithParams creator;

		private final transient PublicIdCodec codec;

		private final Class<?> target;

		private TokenCreatorInstantiator(ValueInstantiator delegate, AnnotatedWithParams creator, PublicIdCodec codec) {
			super(delegate);
			this.creator = creator;
			this.codec = codec;
			this.target = creator.getRawParameterType(0);
		}

		/** Wraps the builder's instantiator when Jackson reads the type from a scalar through a @PublicId creator. */
		static void install(BeanDeserializerBuilder builder, BeanDescription description,
				Supplier<PublicIdCodec> codec) {
			ValueInstantiator instantiator = builder.getValueInstantiator();
			if (instantiator == null || !(instantiator.canCreateFromString() || instantiator.canCreateFromLong()
					|| instantiator.canCreateFromInt() || instantiator.canCreateUsingDelegate())) {
				return; // built from a JSON object only: its properties are read by their own deserializers
			}
			List<AnnotatedWithParams> creators = new ArrayList<>(description.getConstructors());
			creators.addAll(description.getFactoryMethods());
			for (AnnotatedWithParams creator : creators) {
				PublicId publicId = (creator.getParameterCount() == 1) ? creator.getParameter(0).getAnnotation(PublicId.class)
						: null;
				if (publicId != null) {
					String where = creator.getDeclaringClass().getName() + " creator " + creator.getName();
					if (!PublicIdJson.isIdType(creator.getRawParameterType(0))) {
						throw new IllegalArgumentException(
								PublicIdJson.unsupported(where, creator.getRawParameterType(0).getName()));
					}
					creator.fixAccess(true);
					builder.setValueInstantiator(
							new TokenCreatorInstantiator(instantiator, creator, codecOf(codec, publicId, where)));
					return;
				}
			}
			AnnotatedMember value = description.findJsonValueAccessor();
			if (value != null && value.hasAnnotation(PublicId.class)) {
				// written as a token, but read by a creator Jackson calls with the raw scalar
				throw new IllegalArgumentException(
						PublicIdJson.jsonValueWithoutCreator(where(value), value.getDeclaringClass().getName()));
			}
		}

		@Override
		public ValueInstantiator createContextual(DeserializationContext context, BeanDescription.Supplier description) {
			return this; // keep the wrapper: the delegate was made contextual before the builder got it
		}

		@Override
		public boolean canCreateFromString() {
			return true;
		}

		@Override
		public boolean canCreateFromInt() {
			return false;
		}

		@Override
		public boolean canCreateFromLong() {
			return false;
		}

		@Override
		public Object createFromString(DeserializationContext context, String value) {
			String token = PublicIdJson.token(value);
			Object id;
			try {
				id = PublicIdJson.asTarget(this.codec.decode(token), this.target);
			}
			catch (InvalidPublicIdException ex) {
				DatabindException failure = context.weirdStringException(token, this.creator.getDeclaringClass(),
						PublicIdJson.invalid(ex));
				failure.initCause(ex);
				throw failure;
			}
			try {
				return this.creator.call1(id);
			}
			catch (Exception ex) {
				return context.handleInstantiationProblem(this.creator.getDeclaringClass(), id, ex);
			}
		}

		@Override
		public Object createFromInt(DeserializationContext context, int value) {
			return context.reportInputMismatch(this.creator.getDeclaringClass(), PublicIdJson.NUMBER_REFUSED);
		}

		@Override
		public Object createFromLong(DeserializationContext context, long value) {
			return context.reportInputMismatch(this.creator.getDeclaringClass(), PublicIdJson.NUMBER_REFUSED);
		}

		@Override
		public Object createFromBigInteger(DeserializationContext context, BigInteger value) {
			return context.reportInputMismatch(this.creator.getDeclaringClass(), PublicIdJson.NUMBER_REFUSED);
		}
	}

	/** This Jackson line's types, for the shapes {@link PublicIdShapes} allows. */
	private enum Types implements PublicIdShapes.Types<JavaType> {

		INSTANCE;

		@Override
		public boolean isMapLike(JavaType type) {
			return type.isMapLikeType();
		}

		@Override
		public JavaType content(JavaType type) {
			return type.getContentType();
		}

		@Override
		public JavaType key(JavaType type) {
			return type.getKeyType();
		}

		@Override
		public Class<?> raw(JavaType type) {
			return type.getRawClass();
		}

		@Override
		public boolean isContainer(JavaType type) {
			return type.isContainerType() || type.isReferenceType();
		}

		@Override
		public String canonical(JavaType type) {
			return type.toCanonical();
		}
	}
}
