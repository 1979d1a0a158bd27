package io.snowflakeid.spring.publicid;

import java.util.Map;
import java.util.Optional;

import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.core.MethodParameter;
import org.springframework.util.StringUtils;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ValueConstants;
import org.springframework.web.reactive.BindingContext;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.reactive.result.method.SyncHandlerMethodArgumentResolver;
import org.springframework.web.server.MissingRequestValueException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;

/**
 * WebFlux twin of {@link PublicIdArgumentResolver}: {@code @PathVariable @PublicId Long id},
 * {@code @RequestParam @PublicId Long id} ({@code long}, {@code Optional<Long>}, and {@code @PublicId Long id} alone,
 * a query parameter as WebFlux reads it) are decoded from the token of the annotation's domain, and only a token is
 * accepted; any other {@code @PublicId} parameter fails naming it. Placed before WebFlux's own resolvers (see
 * {@link SnowflakePublicIdWebFluxAutoConfiguration}), which would read the raw id. A bad token is a
 * {@link ServerWebInputException} caused by the {@link InvalidPublicIdException} (a 400 with the reason, see
 * {@link PublicIdExceptionHandler}); an absent or blank required value a {@link MissingRequestValueException} (400).
 */
final class PublicIdReactiveArgumentResolver implements SyncHandlerMethodArgumentResolver {

	private final PublicIdCodec codec;

	PublicIdReactiveArgumentResolver(PublicIdCodec codec) {
		this.codec = codec;
	}

	/** Every {@code @PublicId} parameter: left to WebFlux's resolvers, any of them would read a raw id. */
	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		return parameter.hasParameterAnnotation(PublicId.class);
	}

	@Override
	public Object resolveArgumentValue(MethodParameter parameter, BindingContext bindingContext,
			ServerWebExchange exchange) {
		PublicIdParameters.checkSupported(parameter);
		Class<?> type = parameter.nestedIfOptional().getNestedParameterType();
		Long id = resolve(parameter, type, exchange);
		return (parameter.getParameterType() == Optional.class) ? Optional.ofNullable(id) : id;
	}

	private Long resolve(MethodParameter parameter, Class<?> type, ServerWebExchange exchange) {
		PathVariable path = parameter.getParameterAnnotation(PathVariable.class);
		String name;
		String value;
		boolean required;
		String label;
		if (path != null) {
			label = "path variable";
			name = StringUtils.hasText(path.name()) ? path.name() : parameter.getParameterName();
			Map<String, String> variables = exchange.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE);
			value = (variables != null) ? variables.get(name) : null;
			required = path.required() && !parameter.isOptional();
		}
		else {
			label = "query parameter";
			RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
			String defaultValue = (param != null) ? param.defaultValue() : ValueConstants.DEFAULT_NONE;
			name = (param != null && StringUtils.hasText(param.name())) ? param.name() : parameter.getParameterName();
			value = exchange.getRequest().getQueryParams().getFirst(name);
			if (value == null && !ValueConstants.DEFAULT_NONE.equals(defaultValue)) {
				value = defaultValue;
			}
			required = param != null && param.required() && ValueConstants.DEFAULT_NONE.equals(defaultValue)
					&& !parameter.isOptional();
		}
		if (!StringUtils.hasText(value)) {
			// Blank is missing: never null in a required parameter, nor in a long.
			if (required || type == long.class) {
				throw new MissingRequestValueException(name, type, label, parameter);
			}
			return null;
		}
		PublicId publicId = parameter.getParameterAnnotation(PublicId.class);
		try {
			return this.codec.forDomain(publicId.value()).decode(value.trim());
		}
		catch (InvalidPublicIdException ex) {
			throw new ServerWebInputException("Parameter '" + name + "': " + ex.getMessage(), parameter, ex);
		}
	}
}
