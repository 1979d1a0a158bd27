package io.snowflakeid.spring.openapi;

import io.snowflakeid.publicid.PublicIdCodec;
import org.springdoc.core.customizers.ParameterCustomizer;

/** The starter's package-private OpenAPI customizers, for tests in other packages. */
public final class OpenApiCustomizers {

	private OpenApiCustomizers() {
	}

	public static ParameterCustomizer publicIdParameters(PublicIdCodec codec) {
		return new PublicIdParameterCustomizer(codec);
	}
}
