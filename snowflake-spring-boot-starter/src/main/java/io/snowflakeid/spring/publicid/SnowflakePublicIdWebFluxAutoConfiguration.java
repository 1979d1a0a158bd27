package io.snowflakeid.spring.publicid;

import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;

/** WebFlux: {@code @PublicId} parameters (not yet). */
@AutoConfiguration(after = SnowflakePublicIdAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass(name = "org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerAdapter")
@ConditionalOnBean(PublicIdCodec.class)
public final class SnowflakePublicIdWebFluxAutoConfiguration {

}
