package io.snowflakeid.spring.publicid;

import java.io.Serializable;
import java.util.Map;
import java.util.Optional;

import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.data.mapping.PersistentEntity;
import org.springframework.data.mapping.PersistentProperty;
import org.springframework.data.mapping.context.PersistentEntities;
import org.springframework.data.rest.webmvc.ResourceNotFoundException;
import org.springframework.data.rest.webmvc.spi.BackendIdConverter;
import org.springframework.util.ConcurrentReferenceHashMap;

/**
 * Spring Data REST: an entity whose id property is {@code @PublicId} (on the field or an accessor, as Spring Data's
 * mapping sees it) is addressed by the token of the annotation's domain. Item URIs, {@code Location} and
 * {@code _links} carry the token ({@link #toRequestId}); a request URI is decoded ({@link #fromRequestId}), and one
 * that does not decode, the raw id included, names no resource: a 404. Other entities are left to Data REST's own
 * converter. A {@code @PublicId} id of another type than {@code Long}/{@code long} fails naming the entity.
 */
final class PublicIdBackendIdConverter implements BackendIdConverter {

	private final ObjectProvider<PublicIdCodec> codec;

	private final ObjectProvider<PersistentEntities> entities;

	/** Per entity type: the codec of its id's domain, or empty for an id that is not a public id. */
	private final Map<Class<?>, Optional<PublicIdCodec>> codecs = new ConcurrentReferenceHashMap<>();

	PublicIdBackendIdConverter(ObjectProvider<PublicIdCodec> codec, ObjectProvider<PersistentEntities> entities) {
		this.codec = codec;
		this.entities = entities;
	}

	@Override
	public boolean supports(Class<?> entityType) {
		return codecFor(entityType).isPresent();
	}

	@Override
	public Serializable fromRequestId(String id, Class<?> entityType) {
		if (id == null) {
			return null;
		}
		try {
			return codecFor(entityType).orElseThrow().decode(id.trim()); // trimmed, as on every other path
		}
		catch (InvalidPublicIdException ex) {
			throw new ResourceNotFoundException(); // not the token of any entity of this type
		}
	}

	@Override
	public String toRequestId(Serializable id, Class<?> entityType) {
		PublicIdCodec codec = codecFor(entityType).orElseThrow();
		if (id instanceof String token) {
			codec.decode(token); // the identifier of PublicIdEntityLookups: the token already, of this domain
			return token;
		}
		return codec.encode((Long) id);
	}

	/** The codec of the entity's id domain, or empty for an entity whose id is not a public id. */
	Optional<PublicIdCodec> codecFor(Class<?> entityType) {
		Optional<PublicIdCodec> known = this.codecs.get(entityType);
		if (known == null) {
			known = find(entityType);
			this.codecs.put(entityType, known);
		}
		return known;
	}

	private Optional<PublicIdCodec> find(Class<?> entityType) {
		PersistentEntities entities = this.entities.getIfAvailable();
		Optional<PersistentEntity<?, ? extends PersistentProperty<?>>> entity = (entities != null)
				? entities.getPersistentEntity(entityType) : Optional.empty();
		PersistentProperty<?> idProperty = entity.map(PersistentEntity::getIdProperty).orElse(null);
		PublicId publicId = (idProperty != null) ? idProperty.findAnnotation(PublicId.class) : null;
		if (publicId == null) {
			return Optional.empty();
		}
		if (idProperty.getType() != Long.class && idProperty.getType() != long.class) {
			throw new IllegalStateException("@PublicId on the id '" + idProperty.getName() + "' of "
					+ entityType.getName() + ": only a Long or long id is exposed as a token by Spring Data REST, not "
					+ idProperty.getType().getName());
		}
		return Optional.of(this.codec.getObject().forDomain(publicId.value()));
	}
}
