package io.snowflakeid.spring.publicid;

import java.util.Map;

import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.core.MethodParameter;
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
import org.springframework.web.servlet.HandlerMapping;

/**
 * {@code @PathVariable @PublicId Long id} and {@code @RequestParam @PublicId Long id}: the token is decoded, and
 * only a token is accepted. Why a resolver placed before Spring's own and not a {@code ConditionalGenericConverter}:
 * when a converter fails, Spring's {@code TypeConverterDelegate} falls back to the default {@code Long} property
 * editor, which would accept a raw decimal id ({@code /orders/912207628317364225}) in place of a token, exactly
 * what public ids are meant to prevent. A token that does not decode is a {@link MethodArgumentTypeMismatchException}
 * caused by the {@link InvalidPublicIdException} (a 400, see {@link PublicIdExceptionHandler}).
 */
final class PublicIdArgumentResolver implements HandlerMethodArgumentResolver {

	private final PublicIdCodec codec;

	PublicIdArgumentResolver(PublicIdCodec codec) {
		this.codec = codec;
	}

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		Class<?> type = parameter.getParameterType();
		return parameter.hasParameterAnnotation(PublicId.class) && (type == Long.class || type == long.class)
				&& (parameter.hasParameterAnnotation(PathVariable.class)
						|| parameter.hasParameterAnnotation(RequestParam.class));
	}

	@Override
	public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer container, NativeWebRequest request,
			WebDataBinderFactory binderFactory) throws Exception {
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
			required = path.required();
			if (value == null && required) {
				throw new MissingPathVariableException(name, parameter);
			}
		}
		else {
			RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
			name = StringUtils.hasText(param.name()) ? param.name() : parameter.getParameterName();
			value = request.getParameter(name);
			if (value == null && !ValueConstants.DEFAULT_NONE.equals(param.defaultValue())) {
				value = param.defaultValue();
			}
			required = param.required() && ValueConstants.DEFAULT_NONE.equals(param.defaultValue());
			if (value == null && required) {
				throw new MissingServletRequestParameterException(name, parameter.getNestedParameterType().getSimpleName());
			}
		}
		if (!StringUtils.hasText(value)) {
			if (parameter.getParameterType() == long.class) {
				throw new MissingServletRequestParameterException(name, "long");
			}
			return null;
		}
		try {
			return this.codec.decode(value.trim());
		}
		catch (InvalidPublicIdException ex) {
			throw new MethodArgumentTypeMismatchException(value, parameter.getParameterType(), name, parameter, ex);
		}
	}
}
