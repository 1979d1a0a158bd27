package io.snowflakeid.spring.openapi;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.swagger.v3.oas.models.parameters.Parameter;
import org.springdoc.core.customizers.ParameterCustomizer;

import org.springframework.core.MethodParameter;

/**
 * Documents {@code @PathVariable @PublicId Long} and {@code @RequestParam @PublicId Long} parameters as the tokens
 * they take ({@code type: string}, the token's pattern, an example token) instead of {@code integer}/{@code int64}:
 * a client generated from the document would otherwise send raw ids, which are refused. Does nothing when public
 * ids are not configured.
 */
final class PublicIdParameterCustomizer implements ParameterCustomizer {

	private final String pattern;

	private final PublicIdCodec publicIds;

	/** @param publicIds the public id codec, or null when public ids are not configured */
	public PublicIdParameterCustomizer(PublicIdCodec publicIds) {
		this.pattern = (publicIds != null) ? SnowflakeIdPropertyCustomizer.tokenPattern(publicIds) : null;
		this.publicIds = publicIds;
	}

	@Override
	public Parameter customize(Parameter parameter, MethodParameter methodParameter) {
		if (this.pattern == null || parameter == null || parameter.getSchema() == null
				|| !methodParameter.hasParameterAnnotation(PublicId.class)) {
			return parameter;
		}
		Class<?> type = methodParameter.getParameterType();
		if ((type != Long.class && type != long.class) || !SnowflakeIdPropertyCustomizer.isInteger(parameter.getSchema())) {
			return parameter;
		}
		// an example token of the parameter's domain (@PublicId("invoice")), as the parameter decodes it
		String example = this.publicIds.forDomain(methodParameter.getParameterAnnotation(PublicId.class).value()).encode(0);
		parameter.setSchema(SnowflakeIdPropertyCustomizer.asString(parameter.getSchema(), this.pattern, example));
		if (parameter.getExample() != null) {
			parameter.setExample(parameter.getExample().toString());
		}
		return parameter;
	}
}
