package io.snowflakeid.spring.openapi;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.publicid.PublicIdCodec;
import org.springdoc.core.customizers.ParameterCustomizer;
import org.springdoc.core.customizers.PropertyCustomizer;

/** The starter's package-private OpenAPI customizers, for tests in other packages. */
public final class OpenApiCustomizers {

	private OpenApiCustomizers() {
	}

	public static ParameterCustomizer publicIdParameters(PublicIdCodec codec) {
		return new PublicIdParameterCustomizer(codec);
	}

	public static PropertyCustomizer snowflakeIdProperties(boolean idsAsStrings, SnowflakeLayout layout,
			PublicIdCodec codec) {
		return new SnowflakeIdPropertyCustomizer(idsAsStrings, layout, codec);
	}
}
