package io.snowflakeid.spring.publicid;

import java.lang.reflect.Method;
import java.util.Optional;

import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.mapping.PersistentProperty;
import org.springframework.data.repository.CrudRepository;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.support.Repositories;
import org.springframework.data.rest.core.config.EntityLookupRegistrar.LookupRegistrar.Lookup;
import org.springframework.data.rest.core.config.RepositoryRestConfiguration;
import org.springframework.data.rest.webmvc.config.RepositoryRestConfigurer;
import org.springframework.util.ReflectionUtils;
import org.springframework.web.servlet.config.annotation.CorsRegistry;

/**
 * Spring Data REST resolves an association URI in a request body ({@code {"order":"/orders/<token>"}}) by converting
 * its last segment to the id type as a plain number, past any {@code BackendIdConverter}: a raw id would link, a token
 * would not. An entity lookup per repository of a {@code @PublicId} entity makes Data REST look those up by token: a
 * segment that is not a token of the entity's domain (the raw id included) is an {@code InvalidPublicIdException}, a
 * 400. Its identifier is the token too, so that links built from it carry no raw id.
 */
final class PublicIdEntityLookups implements RepositoryRestConfigurer {

	private final ObjectProvider<Repositories> repositories;

	private final PublicIdBackendIdConverter ids;

	PublicIdEntityLookups(ObjectProvider<Repositories> repositories, PublicIdBackendIdConverter ids) {
		this.repositories = repositories;
		this.ids = ids;
	}

	@Override
	@SuppressWarnings({ "unchecked", "rawtypes" })
	public void configureRepositoryRestConfiguration(RepositoryRestConfiguration config, CorsRegistry cors) {
		Repositories repositories = this.repositories.getIfAvailable();
		if (repositories == null) {
			return;
		}
		for (Class<?> domainType : repositories) {
			Optional<PublicIdCodec> codec = this.ids.codecFor(domainType);
			if (codec.isEmpty()) {
				continue;
			}
			Class<?> repository = repositories.getRequiredRepositoryInformation(domainType).getRepositoryInterface();
			if (!CrudRepository.class.isAssignableFrom(repository)) {
				throw new IllegalStateException("@PublicId id of " + domainType.getName() + " in Spring Data REST: its "
						+ "repository " + repository.getName() + " is no CrudRepository, so association URIs cannot be "
						+ "looked up by token (they would be read as raw ids)");
			}
			PersistentProperty<?> idProperty = repositories.getPersistentEntity(domainType).getRequiredIdProperty();
			Method getter = idProperty.getGetter();
			if (getter == null) {
				throw new IllegalStateException("@PublicId id '" + idProperty.getName() + "' of " + domainType.getName()
						+ " in Spring Data REST: give it a getter (Data REST finds the identifier of an entity lookup "
						+ "by recording a getter call), else association URIs would be read as raw ids");
			}
			ReflectionUtils.makeAccessible(getter);
			// Data REST first applies it to a recording proxy to learn the property: a getter call, and null back.
			Converter<Object, String> token = (instance) -> {
				Object id = ReflectionUtils.invokeMethod(getter, instance);
				return (id != null) ? codec.get().encode((Long) id) : null;
			};
			Lookup<Repository<?, ?>, Object> lookup = (target, id) -> find(target, id, codec.get());
			config.withEntityLookup().forRepository((Class) repository, (Converter) token, (Lookup) lookup);
		}
	}

	/** By token (a URI segment) or by id (decoded already by the BackendIdConverter). */
	@SuppressWarnings("unchecked")
	private static Optional<?> find(Repository<?, ?> repository, Object id, PublicIdCodec codec) {
		Long value = (id instanceof String token) ? codec.decode(token.trim()) : (Long) id;
		return ((CrudRepository<?, Long>) repository).findById(value);
	}
}
