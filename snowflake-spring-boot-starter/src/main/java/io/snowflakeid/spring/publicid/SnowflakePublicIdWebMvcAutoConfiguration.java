package io.snowflakeid.spring.publicid;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.format.FormatterRegistry;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.handler.AbstractHandlerMethodMapping;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

/**
 * Spring MVC: {@code @PathVariable @PublicId Long id} and {@code @RequestParam @PublicId Long id} are decoded from
 * tokens ({@link PublicIdArgumentResolver}, placed before Spring's own resolvers, see there why), so are
 * {@code @PublicId} properties of bound objects ({@link PublicIdBindingInitializer}), and a token that
 * does not decode is a 400 with a problem detail ({@link PublicIdExceptionHandler}). Only in servlet web
 * applications with a {@link PublicIdCodec}.
 */
@AutoConfiguration(after = SnowflakePublicIdAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(name = "org.springframework.web.servlet.config.annotation.WebMvcConfigurer")
@ConditionalOnBean(PublicIdCodec.class)
public final class SnowflakePublicIdWebMvcAutoConfiguration {

	/** Static, and the codec looked up late: a post-processor must not pull beans in early. */
	@Bean
	static BeanPostProcessor publicIdArgumentResolverRegistrar(ObjectProvider<PublicIdCodec> codec) {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof RequestMappingHandlerAdapter adapter && adapter.getArgumentResolvers() != null) {
					List<HandlerMethodArgumentResolver> resolvers = new ArrayList<>();
					resolvers.add(new PublicIdArgumentResolver(codec.getObject()));
					resolvers.addAll(adapter.getArgumentResolvers());
					adapter.setArgumentResolvers(resolvers);
					// @ModelAttribute / command objects: @PublicId properties take tokens there too
					adapter.setWebBindingInitializer(
							new PublicIdBindingInitializer(adapter.getWebBindingInitializer(), codec.getObject()));
				}
				return bean;
			}
		};
	}

	/** {@code @PublicId} ids formatted as text (HATEOAS links) are tokens: {@link PublicIdToTokenConverter}. */
	@Bean
	WebMvcConfigurer publicIdToTokenConfigurer(ObjectProvider<PublicIdCodec> codec) {
		return new WebMvcConfigurer() {
			@Override
			public void addFormatters(FormatterRegistry registry) {
				registry.addConverter(new PublicIdToTokenConverter(codec.getObject()));
			}
		};
	}

	/** Unsupported {@code @PublicId} handler parameters stop the start, naming them. */
	@Bean
	PublicIdHandlerMethodsCheck publicIdHandlerMethodsCheck(ListableBeanFactory beans) {
		return new PublicIdHandlerMethodsCheck(() -> handlerMethods(beans));
	}

	/** The handler methods of every Spring MVC handler mapping. */
	@SuppressWarnings({ "rawtypes", "unchecked" })
	static List<HandlerMethod> handlerMethods(ListableBeanFactory beans) {
		return beans.getBeansOfType(AbstractHandlerMethodMapping.class)
			.values()
			.stream()
			.flatMap((mapping) -> ((Map<?, HandlerMethod>) ((AbstractHandlerMethodMapping) mapping).getHandlerMethods()).values().stream())
			.toList();
	}

	/**
	 * Whether {@link PublicIdArgumentResolver} is in place in every {@link RequestMappingHandlerAdapter} (there is at
	 * least one): what {@link PublicIdResolverAbsentCheck} asks when a handler method has a {@code @PublicId}
	 * parameter.
	 */
	static boolean resolverRegistered(ListableBeanFactory beans) {
		Collection<RequestMappingHandlerAdapter> adapters = beans.getBeansOfType(RequestMappingHandlerAdapter.class)
			.values();
		return !adapters.isEmpty() && adapters.stream()
			.allMatch((adapter) -> adapter.getArgumentResolvers() != null
					&& adapter.getArgumentResolvers().stream().anyMatch(PublicIdArgumentResolver.class::isInstance));
	}

	@Bean
	@ConditionalOnMissingBean
	PublicIdExceptionHandler publicIdExceptionHandler() {
		return new PublicIdExceptionHandler();
	}
}
