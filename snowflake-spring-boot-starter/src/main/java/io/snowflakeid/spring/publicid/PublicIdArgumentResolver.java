package io.snowflakeid.spring.publicid;

import java.util.Map;
import java.util.Optional;

import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.core.MethodParameter;
import org.springframework.core.convert.ConversionService;
import org.springframework.util.StringUtils;
import org.springframework.web.bind.MissingPathVariableException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ValueConstants;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.method.support.UriComponentsContributor;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * {@code @PathVariable @PublicId Long id} and {@code @RequestParam @PublicId Long id} (also {@code long},
 * {@code Optional<Long>}, and {@code @PublicId Long id} alone, a request parameter as Spring reads it): the token is
 * decoded, and only a token is accepted. Any other {@code @PublicId} parameter fails with an
 * {@link IllegalStateException} saying what is supported, never read as a raw id. Why a resolver placed before Spring's own and not a {@code ConditionalGenericConverter}:
 * when a converter fails, Spring's {@code TypeConverterDelegate} falls back to the default {@code Long} property
 * editor, which would accept a raw decimal id ({@code /orders/912207628317364225}) in place of a token, exactly
 * what public ids are meant to prevent. A token that does not decode is a {@link MethodArgumentTypeMismatchException}
 * caused by the {@link InvalidPublicIdException} (a 400, see {@link PublicIdExceptionHandler}).
 */
final class PublicIdArgumentResolver implements HandlerMethodArgumentResolver, UriComponentsContributor {

	private final PublicIdCodec codec;

	PublicIdArgumentResolver(PublicIdCodec codec) {
		this.codec = codec;
	}

	/**
	 * Every {@code @PublicId} parameter, also those it cannot decode: left to Spring's own resolvers, they would read
	 * a raw id. Those are refused in {@link #resolveArgument}.
	 */
	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		return parameter.hasParameterAnnotation(PublicId.class);
	}

	@Override
	public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer container, NativeWebRequest request,
			WebDataBinderFactory binderFactory) throws Exception {
		PublicIdParameters.checkSupported(parameter);
		Object id = resolve(parameter, request);
		return (parameter.getParameterType() == Optional.class) ? Optional.ofNullable(id) : id;
	}

	/**
	 * Links to a handler method ({@code MvcUriComponentsBuilder.fromMethodOn}, {@code fromMethodCall}): the token
	 * of the argument. Spring's {@code CompositeUriComponentsContributor} (the {@code mvcUriComponentsContributor}
	 * bean) is made of the adapter's argument resolvers, this one first, and stops at the first resolver that supports
	 * a parameter: without this method the variable was left out ({@code /orders/%7Bid%7D}); Spring's own
	 * contributors would format the raw id.
	 */
	@Override
	public void contributeMethodArgument(MethodParameter parameter, Object value, UriComponentsBuilder builder,
			Map<String, Object> uriVariables, ConversionService conversionService) {
		PublicIdParameters.checkSupported(parameter);
		Object id = (value instanceof Optional<?> optional) ? optional.orElse(null) : value;
		PublicId publicId = parameter.getParameterAnnotation(PublicId.class);
		String token = (id != null) ? this.codec.forDomain(publicId.value()).encode((Long) id) : null;
		PathVariable path = parameter.getParameterAnnotation(PathVariable.class);
		if (path != null) {
			uriVariables.put(StringUtils.hasText(path.name()) ? path.name() : parameter.getParameterName(), token);
			return;
		}
		RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
		String name = (param != null && StringUtils.hasText(param.name())) ? param.name() : parameter.getParameterName();
		if (token != null) {
			builder.queryParam(name, token);
		}
		else if (param != null && param.required() && ValueConstants.DEFAULT_NONE.equals(param.defaultValue())
				&& !parameter.isOptional()) {
			builder.queryParam(name); // as Spring does for a required parameter without a value
		}
	}

	private static Class<?> type(MethodParameter parameter) {
		return parameter.nestedIfOptional().getNestedParameterType();
	}

	private Object resolve(MethodParameter parameter, NativeWebRequest request) throws Exception {
		PathVariable path = parameter.getParameterAnnotation(PathVariable.class);
		String name;
		String value;
		boolean required;
		if (path != null) {
			name = StringUtils.hasText(path.name()) ? path.name() : parameter.getParameterName();
			@SuppressWarnings("unchecked")
			Map<String, String> variables = (Map<String, String>) request
				.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE, RequestAttributes.SCOPE_REQUEST);
			value = (variables != null) ? variables.get(name) : null;
			required = path.required() && !parameter.isOptional();
			if (!StringUtils.hasText(value) && required) {
				// Blank (/orders/%20, /orders/;x=1): missing after conversion, a 400 (a missing variable is a 500).
				throw new MissingPathVariableException(name, parameter, value != null);
			}
		}
		else {
			RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
			// Without @RequestParam, as Spring reads a simple type: by the parameter's name, not required.
			String defaultValue = (param != null) ? param.defaultValue() : ValueConstants.DEFAULT_NONE;
			name = (param != null && StringUtils.hasText(param.name())) ? param.name() : parameter.getParameterName();
			value = request.getParameter(name);
			if (value == null && !ValueConstants.DEFAULT_NONE.equals(defaultValue)) {
				value = defaultValue;
			}
			required = param != null && param.required() && ValueConstants.DEFAULT_NONE.equals(defaultValue)
					&& !parameter.isOptional();
			// Blank (?id=, ?id=%20) is missing too: never null in a required parameter, nor in a long.
			if (!StringUtils.hasText(value) && (required || type(parameter) == long.class)) {
				throw new MissingServletRequestParameterException(name, parameter, value != null);
			}
		}
		if (!StringUtils.hasText(value)) {
			return null;
		}
		try {
			return this.codec.forDomain(parameter.getParameterAnnotation(PublicId.class).value()).decode(value.trim());
		}
		catch (InvalidPublicIdException ex) {
			throw new MethodArgumentTypeMismatchException(value, type(parameter), name, parameter, ex);
		}
	}
}
