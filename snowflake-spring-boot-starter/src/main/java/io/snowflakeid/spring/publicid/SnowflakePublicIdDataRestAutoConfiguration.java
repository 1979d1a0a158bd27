package io.snowflakeid.spring.publicid;

import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.data.mapping.context.PersistentEntities;
import org.springframework.data.repository.support.Repositories;

/**
 * Spring Data REST: repositories whose entity has a {@code @PublicId} id are addressed by tokens, never raw ids
 * ({@link PublicIdBackendIdConverter}: Data REST picks up every {@code BackendIdConverter} bean), also in association
 * URIs of request bodies ({@link PublicIdEntityLookups}). Only with Spring Data REST and a {@link PublicIdCodec}.
 */
@AutoConfiguration(after = SnowflakePublicIdAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(name = "org.springframework.data.rest.webmvc.spi.BackendIdConverter")
@ConditionalOnBean(PublicIdCodec.class)
public final class SnowflakePublicIdDataRestAutoConfiguration {

	@Bean
	PublicIdBackendIdConverter publicIdBackendIdConverter(ObjectProvider<PublicIdCodec> codec,
			ObjectProvider<PersistentEntities> entities) {
		return new PublicIdBackendIdConverter(codec, entities);
	}

	/** Association URIs in request bodies: looked up by token too ({@link PublicIdEntityLookups}). */
	@Bean
	PublicIdEntityLookups publicIdEntityLookups(ObjectProvider<Repositories> repositories,
			PublicIdBackendIdConverter publicIdBackendIdConverter) {
		return new PublicIdEntityLookups(repositories, publicIdBackendIdConverter);
	}
}
